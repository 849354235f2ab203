/**
 * The public comment form: name, email and comment, all required after
 * trimming. Shared by the browser (quick feedback) and the server (the rule that counts).
 *
 * A plain function rather than a zod schema: the reader script runs it on the article page, where
 * zod (24 KB gzipped) would be more than the whole script may weigh (decision record 005).
 */
import { firstProblem, isEmail, textField, type FieldProblem } from "#app/lib/plain-rules";

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
} as const;

/** The comments demo's own texts. */
export const COMMENT_DEMO_TEXT = {
  postedTitle: "Comment Posted",
  posted: "Your comment has been posted successfully!",
  awaitingTitle: "Comment Submitted",
  awaiting: "Your comment has been submitted and is awaiting moderation.",
  disabledTitle: "Comments Disabled",
  disabled: "Comments are currently disabled on this site.",
} as const;

/** Column limits of the comments table. */
const COMMENT_LIMITS = { name: 100, email: 254, text: 5000 } as const;

interface CommentInput {
  name: string;
  email: string;
  comment: string;
}

export interface FormProblem {
  title: string;
  message: string;
}

type CommentParse = { ok: true; data: CommentInput } | { ok: false; problem: FormProblem };

const PROBLEM_TEXT: Record<FieldProblem, FormProblem> = {
  missing: { title: COMMENT_TEXT.missingTitle, message: COMMENT_TEXT.missing },
  invalidEmail: { title: COMMENT_TEXT.invalidEmailTitle, message: COMMENT_TEXT.invalidEmail },
  tooLong: { title: COMMENT_TEXT.tooLongTitle, message: COMMENT_TEXT.tooLong },
};

/** Parses what the reader typed; a problem is told in the spec's words, the most basic one first. */
export function parseComment(values: Record<string, unknown>): CommentParse {
  const name = textField(values.name, { max: COMMENT_LIMITS.name });
  const email = textField(values.email, { max: COMMENT_LIMITS.email });
  const comment = textField(values.comment, { max: COMMENT_LIMITS.text });
  const problem = firstProblem([
    name.problem,
    email.problem,
    comment.problem,
    isEmail(email.value) ? null : "invalidEmail",
  ]);
  if (problem) return { ok: false, problem: PROBLEM_TEXT[problem] };
  return { ok: true, data: { name: name.value, email: email.value, comment: comment.value } };
}
