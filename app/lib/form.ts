/**
 * One way to run a form through its schema, in the browser and on the server: the data, or the problem
 * of each field (its first one, keyed by field name, in the schema's words). Screens that show a problem
 * differently (a title and a detail, a toast naming the most basic one) build that from these.
 *
 * What was typed is not part of the answer: each screen echoes its own copy (without passwords, with
 * its tags normalised), so nothing sends back more than it should.
 */
import type { z } from "zod";

export type FieldErrors = Record<string, string>;

export type FormParse<T> = { ok: true; data: T } | { ok: false; fieldErrors: FieldErrors };

/**
 * A form value as text: the string sent, or "" for anything else (a missing field, a file, a value that
 * is not a string). Trimming, where a form wants it, is the caller's: some keep what was typed exactly.
 * This module loads no package (zod is only a type here), so the reader script may use it too.
 */
export const formText = (value: unknown): string => (typeof value === "string" ? value : "");

/** The key of a problem that belongs to no one field (a rule over the whole form). */
export const FORM_LEVEL = "form";

/** The first problem of each field, keyed by field name. */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const fieldErrors: FieldErrors = {};
  for (const issue of error.issues) fieldErrors[String(issue.path[0] ?? FORM_LEVEL)] ??= issue.message;
  return fieldErrors;
}

export function parseForm<S extends z.ZodType>(schema: S, values: unknown): FormParse<z.infer<S>> {
  const parsed = schema.safeParse(values);
  return parsed.success
    ? { ok: true, data: parsed.data }
    : { ok: false, fieldErrors: fieldErrorsOf(parsed.error) };
}
