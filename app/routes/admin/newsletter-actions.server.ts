/**
 * The newsletter screens' actions (decision record 018), shared by the new-issue and the issue routes: each
 * intent is one domain call answered with a toast, or with the form as typed and its problems. Without the
 * page's script "Send now" arrives unconfirmed, and the answer is the confirmation step.
 */
import { data } from "react-router";
import type { CurrentUser } from "#app/auth/guard.server";
import type { ArticleActionResult } from "#app/components/admin/article-result";
import type { Services } from "#app/services.server";
import { NEWSLETTER_TEXT, readIssueForm, type IssueFormValues } from "#app/domain/newsletter/issue-form";
import {
  confirmedSubscriberCount,
  pauseIssue,
  saveIssueDraft,
  scheduleIssue,
  sendIssueNow,
  sendTestIssue,
  unscheduleIssue,
} from "#app/domain/newsletter/issues.server";
import { isDomainError } from "#app/lib/errors";
import { redirectWithToast } from "#app/lib/flash.server";
import { expectedError, statusOf } from "#app/lib/http-errors.server";
import { logFailure } from "#app/lib/log.server";

export interface NewsletterReply {
  result?: ArticleActionResult;
  values?: IssueFormValues;
  fieldErrors?: Record<string, string>;
  scheduledAt?: string;
}

const reply = (body: NewsletterReply, status = 200) => data(body, { status });

const issuePath = (id: string) => `/admin/newsletter/${encodeURIComponent(id)}`;

/** Saves the posted draft (a new one without `id`) and opens it; a refusal gives back what was typed. */
export async function saveDraftFromForm(services: Services, actor: CurrentUser, form: FormData, id?: string) {
  const values = readIssueForm(form);
  try {
    const saved = await saveIssueDraft(services, actor, values, id);
    return redirectWithToast(issuePath(saved.id), {
      type: "success",
      title: id ? NEWSLETTER_TEXT.saved : NEWSLETTER_TEXT.created,
    });
  } catch (error) {
    if (isDomainError(error, "invalid") && error.fieldErrors)
      return reply({ values, fieldErrors: error.fieldErrors }, 400);
    return failed(error, values);
  }
}

/** Anything that is not a field problem: the refusal's own words, or the generic failure (logged). */
function failed(error: unknown, values?: IssueFormValues, id?: string) {
  const known = expectedError(error, "[newsletter] change failed", id);
  return reply(
    {
      values,
      result: { type: "error", title: known?.title ?? NEWSLETTER_TEXT.failed, message: known?.message },
    },
    known ? statusOf(known) : 500,
  );
}

const toIssue = (id: string, title: string) => redirectWithToast(issuePath(id), { type: "success", title });

/** The issue page's buttons: save, test, send (after confirming), schedule, unschedule, pause, resume. */
export async function issueAction(services: Services, actor: CurrentUser, form: FormData, id: string) {
  const { db } = services;
  const intent = form.get("intent");
  if (intent === "save") return saveDraftFromForm(services, actor, form, id);
  try {
    switch (intent) {
      case "test": {
        let email: string;
        try {
          email = await sendTestIssue(services, actor, id);
        } catch (error) {
          if (isDomainError(error)) throw error;
          // The mail server refused or could not be reached: say so, the details go to the log.
          logFailure("[newsletter] test send failed", error, { id });
          return reply({ result: { type: "error", title: NEWSLETTER_TEXT.testFailed } }, 502);
        }
        return reply({
          result: {
            type: "success",
            title: NEWSLETTER_TEXT.testSent,
            message: NEWSLETTER_TEXT.testSentTo(email),
          },
        });
      }
      case "send": {
        if (form.get("confirmed") !== "yes") {
          const subscribers = await confirmedSubscriberCount(db, actor, id);
          return reply({
            result: { type: "confirm", title: NEWSLETTER_TEXT.sendConfirm(subscribers), intent: "send" },
          });
        }
        await sendIssueNow(services, actor, id);
        return toIssue(id, NEWSLETTER_TEXT.sendStarted);
      }
      case "schedule": {
        const local = form.get("scheduledAt");
        const typed = typeof local === "string" ? local : "";
        try {
          await scheduleIssue(services, actor, id, typed);
        } catch (error) {
          if (isDomainError(error, "invalid") && error.fieldErrors)
            return reply({ fieldErrors: error.fieldErrors, scheduledAt: typed }, 400);
          throw error;
        }
        return toIssue(id, NEWSLETTER_TEXT.scheduled);
      }
      case "unschedule":
        await unscheduleIssue(services, actor, id);
        return toIssue(id, NEWSLETTER_TEXT.unscheduled);
      case "pause":
        await pauseIssue(db, actor, id, true);
        return toIssue(id, NEWSLETTER_TEXT.paused);
      case "resume":
        await pauseIssue(db, actor, id, false);
        return toIssue(id, NEWSLETTER_TEXT.resumed);
      default:
        return reply({ result: { type: "error", title: NEWSLETTER_TEXT.failed } }, 400);
    }
  } catch (error) {
    return failed(error, undefined, id);
  }
}
