import { expect, test } from "vitest";
import { ARTICLE_TEXT, creationFailureMessage } from "./article-form";

test("'Creation Failed' says why by the database's error code, not by its wording", () => {
  expect(creationFailureMessage("42501")).toBe(ARTICLE_TEXT.creationPermission);
  expect(creationFailureMessage("53100")).toBe(ARTICLE_TEXT.creationQuota);
  expect(creationFailureMessage("53200")).toBe(ARTICLE_TEXT.creationQuota);
  expect(creationFailureMessage("54000")).toBe(ARTICLE_TEXT.creationTooLarge);
  expect(creationFailureMessage("23505")).toBe(ARTICLE_TEXT.creationFailed);
  expect(creationFailureMessage(undefined)).toBe(ARTICLE_TEXT.creationFailed);
});
