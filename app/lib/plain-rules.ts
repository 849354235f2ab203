/**
 * The few checks the reader forms need (comments, contact), as plain functions: they run on the
 * server and, in the reader script, in the browser, where a validation library would outweigh the
 * script itself (decision record 005). The back office's forms keep their zod schemas (app/lib/form.ts).
 */
import { formText } from "./form";

export type FieldProblem = "missing" | "invalidEmail" | "tooLong";

/** The most basic problem first: an empty field before a malformed address before a long text. */
const PRECEDENCE: readonly FieldProblem[] = ["missing", "invalidEmail", "tooLong"];

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const isEmail = (value: string) => EMAIL.test(value);

/** A text field, trimmed; required unless optional, and at most `max` characters. */
export function textField(
  value: unknown,
  { max, isOptional = false }: { max: number; isOptional?: boolean },
): { value: string; problem: FieldProblem | null } {
  const text = formText(value).trim();
  if (!isOptional && text.length === 0) return { value: text, problem: "missing" };
  return { value: text, problem: text.length > max ? "tooLong" : null };
}

export function firstProblem(problems: readonly (FieldProblem | null)[]): FieldProblem | null {
  return PRECEDENCE.find((problem) => problems.includes(problem)) ?? null;
}
