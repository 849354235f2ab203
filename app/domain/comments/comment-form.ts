/**
 * The public comment form (public-site.md section 5): name, email and comment, all required after
 * trimming. Shared by the browser (quick feedback) and the server (the rule that counts).
 */
import { z } from "zod";

export const COMMENT_TEXT = {
  missingTitle: "Missing Information",
  missing: "Please fill in all fields (name, email, and comment).",
  invalidEmailTitle: "Invalid Email",
  invalidEmail: "Please enter a valid email address.",
  tooLongTitle: "Comment Too Long",
  tooLong: "Please keep your name under 100 characters and your comment under 5,000 characters.",
  submittedTitle: "Comment Submitted",
  submitted: "Your comment has been submitted successfully! It will be reviewed before publishing.",
  failedTitle: "Submission Failed",
  failed: "There was an error submitting your comment. Please try again.",
  disabledTitle: "Comments Disabled",
  disabled: "Comments are currently disabled on this site.",
  rateLimitedTitle: "Too Many Comments",
  rateLimited: "You have posted several comments in a short time. Please wait a few minutes and try again.",
  empty: "No comments yet. Be the first to share your thoughts!",
} as const;

/** Column limits of the comments table. */
const COMMENT_LIMITS = { name: 100, email: 254, text: 5000 } as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const field = (max: number) => z.string().trim().min(1, "missing").max(max, "tooLong");

const commentInput = z.object({
  name: field(COMMENT_LIMITS.name),
  email: field(COMMENT_LIMITS.email).regex(EMAIL, "invalidEmail"),
  comment: field(COMMENT_LIMITS.text),
});
type CommentInput = z.infer<typeof commentInput>;

export interface FormProblem {
  title: string;
  message: string;
}

type CommentParse = { ok: true; data: CommentInput } | { ok: false; problem: FormProblem };

/** Parses what the reader typed; a problem is told in the spec's words, the most basic one first. */
export function parseComment(values: Record<string, unknown>): CommentParse {
  const text = (v: unknown) => (typeof v === "string" ? v : "");
  const parsed = commentInput.safeParse({
    name: text(values.name),
    email: text(values.email),
    comment: text(values.comment),
  });
  if (parsed.success) return { ok: true, data: parsed.data };
  const codes = new Set(parsed.error.issues.map((issue) => issue.message));
  if (codes.has("missing"))
    return { ok: false, problem: { title: COMMENT_TEXT.missingTitle, message: COMMENT_TEXT.missing } };
  if (codes.has("invalidEmail"))
    return {
      ok: false,
      problem: { title: COMMENT_TEXT.invalidEmailTitle, message: COMMENT_TEXT.invalidEmail },
    };
  return { ok: false, problem: { title: COMMENT_TEXT.tooLongTitle, message: COMMENT_TEXT.tooLong } };
}
