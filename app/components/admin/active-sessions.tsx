/**
 * Profile's "Active Sessions": the browsers signed in to this account, each with a Sign out button, and
 * "Sign out everywhere else". The buttons post to /admin/profile/sessions (app/routes/admin/profile.sessions.tsx),
 * which answers with a redirect back to the profile and a toast.
 */
import { LogOut } from "lucide-react";
import { Form } from "react-router";

export const SESSIONS_TEXT = {
  heading: "Active Sessions",
  intro: "The browsers signed in to your account. Sign out any you do not recognise.",
  thisDevice: "This browser",
  signOut: "Sign out",
  signOutOthers: "Sign out everywhere else",
  ended: "Session signed out",
  endedMessage: "That browser will have to sign in again.",
  alreadyEnded: "That session had already ended.",
  othersEnded: (count: number) =>
    count === 0
      ? "No other sessions were open."
      : `${count} other session${count === 1 ? "" : "s"} signed out.`,
  othersEndedTitle: "Signed out everywhere else",
} as const;

/** Where the session buttons post. */
export const SESSIONS_ACTION = "/admin/profile/sessions";

/** One session as the list shows it: times already written, so the page and its hydration agree. */
export interface ShownSession {
  /** The stored hash, which cannot be turned back into a cookie. */
  id: string;
  device: string;
  address: string;
  signedIn: string;
  lastSeen: string;
  isCurrent: boolean;
}

export function ActiveSessions({ sessions, isBusy }: { sessions: ShownSession[]; isBusy: boolean }) {
  const others = sessions.filter((session) => !session.isCurrent);
  return (
    <section
      aria-labelledby="sessions-heading"
      className="rounded-lg border border-gray-200 bg-white px-4 py-4 md:px-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="sessions-heading" className="text-lg font-semibold">
            {SESSIONS_TEXT.heading}
          </h2>
          <p className="text-sm text-gray-600">{SESSIONS_TEXT.intro}</p>
        </div>
        {others.length > 0 ? (
          <Form method="post" action={SESSIONS_ACTION}>
            <button
              type="submit"
              name="intent"
              value="end-other-sessions"
              disabled={isBusy}
              className="inline-flex items-center gap-1.5 rounded-md border border-red-300 bg-white px-3 py-1.5 text-sm font-semibold text-red-700 hover:bg-red-50 disabled:opacity-60"
            >
              <LogOut className="h-4 w-4" aria-hidden /> {SESSIONS_TEXT.signOutOthers}
            </button>
          </Form>
        ) : null}
      </div>
      <ul className="mt-3 divide-y divide-gray-100">
        {sessions.map((session) => (
          <li key={session.id} className="flex flex-wrap items-center justify-between gap-2 py-2.5">
            <div className="text-sm">
              <p className="font-medium">
                {session.device}
                {session.isCurrent ? (
                  <span className="ml-2 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">
                    {SESSIONS_TEXT.thisDevice}
                  </span>
                ) : null}
              </p>
              <p className="text-gray-600">
                {session.address} · Signed in {session.signedIn} · Last seen {session.lastSeen}
              </p>
            </div>
            {session.isCurrent ? null : (
              <Form method="post" action={SESSIONS_ACTION}>
                <input type="hidden" name="sessionId" value={session.id} />
                <button
                  type="submit"
                  name="intent"
                  value="end-session"
                  disabled={isBusy}
                  aria-label={`${SESSIONS_TEXT.signOut}: ${session.device}, ${session.address}`}
                  className="rounded-md border border-gray-300 px-3 py-1.5 text-sm font-medium hover:bg-gray-50 disabled:opacity-60"
                >
                  {SESSIONS_TEXT.signOut}
                </button>
              </Form>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
