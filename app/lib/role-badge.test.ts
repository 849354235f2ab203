import { expect, test } from "vitest";
import { roleBadge } from "./role-badge";

test("role badges use the spec's colours: admin red, editor blue, writer green, others grey", () => {
  expect(roleBadge("admin")).toEqual({ label: "Administrator", className: expect.stringContaining("red") });
  expect(roleBadge("editor")).toEqual({ label: "Editor", className: expect.stringContaining("blue") });
  expect(roleBadge("writer")).toEqual({ label: "Writer", className: expect.stringContaining("green") });
  expect(roleBadge("subscriber")).toEqual({
    label: "subscriber",
    className: expect.stringContaining("gray"),
  });
});

test("no stored role is shown as a writer", () => {
  expect(roleBadge(null)).toEqual(roleBadge("writer"));
  expect(roleBadge("")).toEqual(roleBadge("writer"));
});

test("each colour belongs to one role only", () => {
  const colours = ["admin", "editor", "writer", "other-role"].map(
    (r) => roleBadge(r).className.split(" ")[0],
  );
  expect(new Set(colours).size).toBe(4);
});
