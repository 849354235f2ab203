/**
 * The answers that end a sign-in step, shared by the sign-in page and the two-factor page: the session
 * and device cookies with the redirect into the back office, or the short-lived challenge cookie that
 * carries a half-done sign-in to the code page.
 */
import { redirect } from "react-router";
import { deviceCookie, readTokenCookie } from "./known-devices.server";
import type { SignedIn } from "./login.server";
import { commitSessionCookie, deleteSession, readSessionToken, wantsSecureCookie } from "./session.server";
import { CHALLENGE_LIFETIME_MS } from "./two-factor.server";
import type { DbOrTx } from "#app/db/client.server";

export const CHALLENGE_COOKIE_NAME = "nd_2fa";
export const TWO_FACTOR_PATH = "/admin/two-factor";

/** Signed in: a new session id (whatever session the browser had is ended), and into the dashboard. */
export async function signedInRedirect(request: Request, db: DbOrTx, signedIn: SignedIn, extra?: Headers) {
  const previous = await readSessionToken(request.headers.get("Cookie"));
  if (previous) await deleteSession(db, previous);
  const headers = extra ?? new Headers();
  headers.append("Set-Cookie", await commitSessionCookie(request, signedIn.token));
  // This browser is known for the account from now on: lockouts set off elsewhere do not hold it back.
  headers.append("Set-Cookie", deviceCookie(request, signedIn.deviceToken));
  return redirect("/admin/dashboard", { headers });
}

const challengeCookieValue = (request: Request, value: string, maxAge: number) =>
  `${CHALLENGE_COOKIE_NAME}=${value}; Path=/admin; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${
    wantsSecureCookie(request) ? "; Secure" : ""
  }`;

/** Password right, code still to come: the challenge goes with the browser to the code page. */
export function toSecondFactor(request: Request, challenge: string) {
  const headers = new Headers();
  headers.append("Set-Cookie", challengeCookieValue(request, challenge, CHALLENGE_LIFETIME_MS / 1000));
  return redirect(TWO_FACTOR_PATH, { headers });
}

export const clearChallengeCookie = (request: Request) => challengeCookieValue(request, "", 0);

export const readChallengeToken = (cookieHeader: string | null | undefined) =>
  readTokenCookie(cookieHeader, CHALLENGE_COOKIE_NAME);
