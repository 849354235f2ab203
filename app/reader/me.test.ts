import { expect, test } from "vitest";
import { hasMemberHint } from "./me";

test("the signed-in hint is read from document.cookie by its exact name and value", () => {
  expect(hasMemberHint("")).toBe(false);
  expect(hasMemberHint("nd_lite=1")).toBe(false);
  expect(hasMemberHint("nd_lite=1; nd_member_hint=1")).toBe(true);
  expect(hasMemberHint("nd_member_hint=1")).toBe(true);
  // A cleared hint, or another cookie whose name only begins the same, is no hint.
  expect(hasMemberHint("nd_member_hint=")).toBe(false);
  expect(hasMemberHint("nd_member_hint_old=1")).toBe(false);
});
