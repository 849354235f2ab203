import { expect, test } from "vitest";
import { escapeLike } from "./like";

test.each([
  ["plain words", "plain words"],
  ["50%", "50\\%"],
  ["snake_case", "snake\\_case"],
  ["back\\slash", "back\\\\slash"],
  ["%_\\", "\\%\\_\\\\"],
])("%j is matched literally as %j", (text, escaped) => {
  expect(escapeLike(text)).toBe(escaped);
});
