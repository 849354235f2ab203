/** What the "Installable app" audits share: a pass/fail result with the reasons listed. */
export function checkResult(failures) {
  return {
    score: failures.length === 0 ? 1 : 0,
    ...(failures.length
      ? {
          explanation: failures.join("; "),
          details: {
            type: "table",
            headings: [{ key: "reason", valueType: "text", label: "Failure" }],
            items: failures.map((reason) => ({ reason })),
          },
        }
      : {}),
  };
}

/** The manifest's icons of at least `minSize` px (by their `sizes`) whose purpose includes `purpose`. */
export function iconsOf(manifest, purpose, minSize) {
  return (manifest?.icons ?? []).filter((icon) => {
    const purposes = (icon.purpose ?? "any").split(/\s+/);
    const sizes = (icon.sizes ?? "").split(/\s+/).map((size) => Number(size.split("x")[0]));
    return purposes.includes(purpose) && sizes.some((size) => size >= minSize);
  });
}
