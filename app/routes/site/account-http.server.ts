/**
 * What the account pages share at the HTTP edge (decision record 021): they are personal, so no cache
 * keeps them (the page cache and the service worker skip `private`/`no-store`, decision records 006 and
 * 019), and a signed-out reader is sent to sign in, to come back where they were.
 */
import { redirect } from "react-router";
import type { RequestContext } from "#app/context";

export const PERSONAL_HEADERS = { "Cache-Control": "private, no-store" } as const;

export const signInPath = (returnTo: string) => `/account/sign-in?returnTo=${encodeURIComponent(returnTo)}`;

/** A redirect no cache keeps (it depends on the reader's cookie), setting these cookies if any. */
export function personalRedirect(to: string, setCookies: readonly string[] = []) {
  const headers = new Headers(PERSONAL_HEADERS);
  for (const cookie of setCookies) headers.append("Set-Cookie", cookie);
  return redirect(to, { headers });
}

/** The signed-in reader, or a redirect to sign in that brings them back to `returnTo`. */
export async function requireMember(context: Pick<RequestContext, "currentMember">, returnTo: string) {
  const member = await context.currentMember();
  if (!member) throw personalRedirect(signInPath(returnTo));
  return member;
}
