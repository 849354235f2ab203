import { expect, test } from "vitest";
import { formatFileSize } from "./file-size";

test("sizes in Bytes, KB, MB and GB, base 1024, at most two decimals", () => {
  expect(formatFileSize(0)).toBe("0 Bytes");
  expect(formatFileSize(512)).toBe("512 Bytes");
  expect(formatFileSize(1024)).toBe("1 KB");
  expect(formatFileSize(1536)).toBe("1.5 KB");
  expect(formatFileSize(1_234_567)).toBe("1.18 MB");
  expect(formatFileSize(32 * 1024 * 1024)).toBe("32 MB");
  expect(formatFileSize(5.25 * 1024 ** 3)).toBe("5.25 GB");
  // GB is the largest unit.
  expect(formatFileSize(2 * 1024 ** 4)).toBe("2048 GB");
});

test("the media library and the media item page size files with that one helper", async () => {
  const { readFile } = await import("node:fs/promises");
  for (const file of ["app/components/admin/media-library.tsx", "app/routes/admin/media.item.tsx"]) {
    const source = await readFile(file, "utf8");
    expect(source, file).toContain('from "#app/lib/file-size"');
    expect(source, file).not.toMatch(/formatBytes|toFixed\(/);
  }
});
