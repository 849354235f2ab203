import fs from "node:fs";
import { expect, test } from "vitest";
import { FAVICON_INLINE } from "./favicon";

test("the icon a lite page carries is public/favicon.svg", () => {
  const inline = decodeURIComponent(FAVICON_INLINE.replace(/^data:image\/svg\+xml,/, ""));
  expect(inline).toBe(fs.readFileSync("public/favicon.svg", "utf8").trim());
});
