/**
 * The contact form: name, email and message required after trimming, the
 * email must look like one, the subject is optional. Shared by the browser and the server.
 * A plain function rather than a zod schema, like the comment form's (decision record 005).
 */
import { firstProblem, isEmail, textField } from "#app/lib/plain-rules";

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

interface ContactInput {
  name: string;
  email: string;
  subject: string;
  message: string;
}

type ContactParse = { ok: true; data: ContactInput } | { ok: false; title: string; message: string };

export function parseContact(values: Record<string, unknown>): ContactParse {
  const name = textField(values.name, { max: CONTACT_LIMITS.name });
  const email = textField(values.email, { max: CONTACT_LIMITS.email });
  const subject = textField(values.subject, { max: CONTACT_LIMITS.subject, isOptional: true });
  const message = textField(values.message, { max: CONTACT_LIMITS.message });
  const problem = firstProblem([
    name.problem,
    email.problem,
    subject.problem,
    message.problem,
    isEmail(email.value) ? null : "invalidEmail",
  ]);
  if (problem)
    return {
      ok: false,
      title: CONTACT_TEXT.invalidTitle,
      message: problem === "tooLong" ? CONTACT_TEXT.tooLong : CONTACT_TEXT.invalid,
    };
  return {
    ok: true,
    data: { name: name.value, email: email.value, subject: subject.value, message: message.value },
  };
}
