/**
 * The newsletter compose form's rules and texts (decision record 018), isomorphic: the route reads the
 * posted form with `readIssueForm` and the domain checks the same schema again. The stories travel as
 * plain check boxes (`story`) with a position number each (`position.<id>`), so choosing and ordering
 * work without the page's script.
 */
import { z } from "zod";
import type { NewsletterIssueKind } from "#app/lib/enums";
import { formText } from "#app/lib/form";

export const ISSUE_LIMITS = {
  subject: 200,
  intro: 2000,
  /** ISSUE_MAIL_MAX_BYTES holds 20 stories of the longest excerpt with room to spare. */
  stories: 20,
  /** The compose screen's pick list: the latest published stories. */
  candidates: 30,
  search: 100,
} as const;

/** How often the issue's page asks for fresh figures while it is sending. */
export const PROGRESS_POLL_SECONDS = 4;

export const NEWSLETTER_TEXT = {
  title: "Newsletter",
  newIssue: "New issue",
  composeTitle: "Compose an issue",
  empty: "No issues yet. Compose the first one.",
  subject: "Subject",
  intro: "Introduction",
  introHint: "Optional. Plain text; a blank line starts a new paragraph.",
  stories: "Stories",
  storiesHint: "Tick the stories to send and number them in the order they should appear.",
  position: "Position",
  search: "Search published stories by title",
  subjectMissing: "Please enter a subject.",
  subjectTooLong: `The subject can be at most ${ISSUE_LIMITS.subject} characters.`,
  introTooLong: `The introduction can be at most ${ISSUE_LIMITS.intro} characters.`,
  tooManyStories: `An issue can hold at most ${ISSUE_LIMITS.stories} stories.`,
  storyGone: "A chosen story is no longer published. Untick it and save again.",
  save: "Save draft",
  saved: "Draft saved",
  created: "Draft created",
  preview: "Preview",
  desktop: "Desktop (640 px)",
  phone: "Phone (375 px)",
  sendTest: "Send a test to myself",
  testSent: "Test sent",
  testSentTo: (email: string) => `The issue was sent to ${email}.`,
  testFailed: "The test could not be sent",
  emailOff: "E-mail is not configured (SMTP_URL is not set), so no test or issue can be sent.",
  sendNow: "Send now",
  sendConfirm: (subscribers: number) =>
    `Send this issue now to ${subscribers.toLocaleString("en-US")} confirmed subscribers? This cannot be undone.`,
  sendStarted: "Sending started",
  schedule: "Schedule",
  scheduleLabel: "Send at (site time)",
  scheduleMissing: "Please choose a date and time to send at.",
  schedulePast: "The sending time must be in the future.",
  scheduled: "Issue scheduled",
  unschedule: "Unschedule",
  unscheduled: "Back to draft",
  pause: "Pause",
  paused: "Sending paused",
  resume: "Resume",
  resumed: "Sending resumed",
  notDraft: "Only a draft can be changed or sent. This issue has moved on.",
  notScheduled: "This issue is not scheduled.",
  notSending: "This issue is not sending.",
  notPaused: "This issue is not paused.",
  notFound: "This issue does not exist or has been deleted.",
  failed: "The change could not be saved",
  sent: "Sent",
  failedCount: "Failed",
  left: "Left",
  skipped: "Skipped",
  unsubscribedAfter: "Unsubscribed after it",
  opened: "Opened",
  clicked: "Clicked a link",
  edition: "Edition",
  editionHint: "The issue goes to this edition's subscribers, in its language.",
  editionUnknown: "Please choose one of the editions.",
} as const;

export const ISSUE_KIND_LABEL: Record<NewsletterIssueKind, string> = {
  issue: "Issue",
  digest: "Daily digest",
  breaking: "Breaking news",
};

export const issueSchema = z.object({
  subject: z
    .string()
    .trim()
    .min(1, NEWSLETTER_TEXT.subjectMissing)
    .max(ISSUE_LIMITS.subject, NEWSLETTER_TEXT.subjectTooLong),
  intro: z.string().trim().max(ISSUE_LIMITS.intro, NEWSLETTER_TEXT.introTooLong),
  stories: z.array(z.string().min(1).max(100)).max(ISSUE_LIMITS.stories, NEWSLETTER_TEXT.tooManyStories),
  /** Empty: the main edition for a new issue, the stored one for a draft (the select is not there on a one-edition site). */
  edition: z.string().max(40, NEWSLETTER_TEXT.editionUnknown).optional(),
});

export type IssueInput = z.infer<typeof issueSchema>;

/** What was typed, as the form shows it again after a refusal. */
export interface IssueFormValues {
  subject: string;
  intro: string;
  /** The ticked stories, in the order their positions gave. */
  stories: string[];
  /** The Edition select's tag (decision record 022, point 11), "" where it is not shown. */
  edition?: string;
}

const text = (value: FormDataEntryValue | null) => formText(value);

/**
 * The ticked stories ordered by their position numbers; a story without a usable number goes after the
 * numbered ones, in the list's order (a tie keeps the list's order too).
 */
export function readIssueForm(form: FormData): IssueFormValues {
  const ticked = [...new Set(form.getAll("story").map(text).filter(Boolean))];
  const positionOf = (id: string) => {
    const n = Number.parseInt(text(form.get(`position.${id}`)), 10);
    return Number.isFinite(n) ? n : Number.POSITIVE_INFINITY;
  };
  const stories = ticked
    .map((id, index) => ({ id, index, position: positionOf(id) }))
    .sort((a, b) => a.position - b.position || a.index - b.index)
    .map((s) => s.id);
  return {
    subject: text(form.get("subject")),
    intro: text(form.get("intro")),
    stories,
    edition: text(form.get("edition")),
  };
}
