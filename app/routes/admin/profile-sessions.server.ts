/**
 * Profile's Active Sessions on the server: the list the profile page shows, and ending them
 * (app/routes/admin/profile.sessions.tsx). Only the signed-in user's own sessions are read or ended.
 */
import { endOtherSessions, endUserSession, listActiveSessions, sessionIdOf } from "#app/auth/session.server";
import type { ShownSession } from "#app/components/admin/active-sessions";
import { SESSIONS_TEXT } from "#app/components/admin/active-sessions";
import type { Db } from "#app/db/client.server";
import { getSettings } from "#app/domain/settings/settings.server";
import { commentDate, relativeDate } from "#app/lib/dates";
import { deviceName } from "#app/lib/device-name";
import { redirectWithToast } from "#app/lib/flash.server";

const PROFILE = "/admin/profile";

/**
 * The user's active sessions as Profile lists them. Times are written here, once, so that the page and
 * its hydration agree; the id is the stored hash, which cannot be turned back into a cookie.
 */
export async function sessionsShown(request: Request, db: Db, userId: string): Promise<ShownSession[]> {
  const [active, currentId, { timezone }] = await Promise.all([
    listActiveSessions(db, userId),
    sessionIdOf(request.headers.get("Cookie")),
    getSettings(db),
  ]);
  const now = new Date();
  return active.map((session) => ({
    id: session.id,
    device: deviceName(session.userAgent),
    address: session.ipAddress || "Unknown address",
    signedIn: commentDate(session.createdAt, timezone),
    lastSeen: relativeDate(session.lastSeenAt, { now, style: "back-office", timeZone: timezone }),
    isCurrent: session.id === currentId,
  }));
}

/** Ends one session, or all but this one, of the signed-in user only; back to Profile with a toast. */
export async function endSessions(request: Request, db: Db, userId: string, form: FormData) {
  const currentId = await sessionIdOf(request.headers.get("Cookie"));
  if (form.get("intent") === "end-other-sessions") {
    const count = currentId ? await endOtherSessions(db, userId, currentId) : 0;
    return redirectWithToast(PROFILE, {
      type: "success",
      title: SESSIONS_TEXT.othersEndedTitle,
      message: SESSIONS_TEXT.othersEnded(count),
    });
  }
  const sessionId = form.get("sessionId");
  // This browser's own session is ended by signing out, which also clears its cookie.
  const ended =
    typeof sessionId === "string" && sessionId !== currentId && (await endUserSession(db, userId, sessionId));
  return redirectWithToast(
    PROFILE,
    ended
      ? { type: "success", title: SESSIONS_TEXT.ended, message: SESSIONS_TEXT.endedMessage }
      : { type: "error", title: SESSIONS_TEXT.alreadyEnded },
  );
}
