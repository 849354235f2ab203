import { expect, test } from "vitest";
import { ARTICLE_TEXT } from "#app/lib/article-form/article-text";
import { creationFailureMessage } from "./save-failure.server";

const failed = (code: string) => Object.assign(new Error("a failure worded by the server"), { code });

test("'Creation Failed' says why by the database's error code, not by its wording", () => {
  expect(creationFailureMessage(failed("42501"))).toBe(ARTICLE_TEXT.creationPermission);
  expect(creationFailureMessage(failed("53100"))).toBe(ARTICLE_TEXT.creationQuota);
  expect(creationFailureMessage(failed("53200"))).toBe(ARTICLE_TEXT.creationQuota);
  expect(creationFailureMessage(failed("54000"))).toBe(ARTICLE_TEXT.creationTooLarge);
  expect(creationFailureMessage(failed("23505"))).toBe(ARTICLE_TEXT.creationFailed);
  // Drizzle wraps the driver's error and keeps it as the cause.
  expect(creationFailureMessage(new Error("wrapped", { cause: failed("53100") }))).toBe(
    ARTICLE_TEXT.creationQuota,
  );
  expect(creationFailureMessage(new Error("permission denied for table articles"))).toBe(
    ARTICLE_TEXT.creationFailed,
  );
});
