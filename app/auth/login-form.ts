/**
 * The sign-in form's rules, shared by the browser (as the user types) and the server (on submit).
 */
import { z } from "zod";
import { parseForm } from "#app/lib/form";
import { AUTH_TEXT } from "./messages";

/** Inputs are trimmed and the characters < and > removed, as the user types. */
export const cleanLoginInput = (value: string) => value.replace(/[<>]/g, "").trim();

/** text, an at sign, text, a dot, text */
export const LOGIN_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const MIN_PASSWORD_LENGTH = 6;
export const LOGIN_FAILURES_BEFORE_LOCK = 5;

export const loginSchema = z.object({
  email: z
    .string()
    .transform(cleanLoginInput)
    .pipe(z.string().regex(LOGIN_EMAIL_PATTERN, AUTH_TEXT.invalidEmail))
    .transform((v) => v.toLowerCase()),
  password: z
    .string()
    .transform(cleanLoginInput)
    .pipe(z.string().min(MIN_PASSWORD_LENGTH, AUTH_TEXT.shortPassword)),
});

export type LoginInput = z.infer<typeof loginSchema>;

/** The first problem with the form, or null when it may be sent. */
export function loginFormError(email: string, password: string): string | null {
  const parsed = parseForm(loginSchema, { email, password });
  return parsed.ok ? null : (Object.values(parsed.fieldErrors)[0] ?? null);
}
