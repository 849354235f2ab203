/**
 * The contact form (public-site.md section 5): name, email and message required after trimming, the
 * email must look like one, the subject is optional. Shared by the browser and the server.
 */
import { z } from "zod";

export const CONTACT_TEXT = {
  invalidTitle: "Invalid form",
  invalid: "Please provide name, a valid email, and your message.",
  tooLong: "Please keep your name under 100 characters, the subject under 200 and your message under 5,000.",
  sentTitle: "Message sent",
  sent: "Thank you! We will get back to you soon.",
  failedTitle: "Failed to send",
  failed: "Please try again later.",
  rateLimited: "You have sent several messages in a short time. Please wait a few minutes and try again.",
} as const;

/** Column limits of the contact_messages table. */
const CONTACT_LIMITS = { name: 100, email: 254, subject: 200, message: 5000 } as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const required = (max: number) => z.string().trim().min(1, "invalid").max(max, "tooLong");

const contactInput = z.object({
  name: required(CONTACT_LIMITS.name),
  email: required(CONTACT_LIMITS.email).regex(EMAIL, "invalid"),
  subject: z.string().trim().max(CONTACT_LIMITS.subject, "tooLong"),
  message: required(CONTACT_LIMITS.message),
});
type ContactInput = z.infer<typeof contactInput>;

type ContactParse = { ok: true; data: ContactInput } | { ok: false; title: string; message: string };

export function parseContact(values: Record<string, unknown>): ContactParse {
  const text = (v: unknown) => (typeof v === "string" ? v : "");
  const parsed = contactInput.safeParse({
    name: text(values.name),
    email: text(values.email),
    subject: text(values.subject),
    message: text(values.message),
  });
  if (parsed.success) return { ok: true, data: parsed.data };
  const isInvalid = parsed.error.issues.some((issue) => issue.message === "invalid");
  return {
    ok: false,
    title: CONTACT_TEXT.invalidTitle,
    message: isInvalid ? CONTACT_TEXT.invalid : CONTACT_TEXT.tooLong,
  };
}
