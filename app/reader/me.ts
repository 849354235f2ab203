/**
 * /account/me.json, asked for at most once per page (decision record 021, point 4): the offer's note
 * and the site's account link share the answer. Null when it cannot be had; every use works without it.
 */
import { MEMBER_HINT_COOKIE_NAME } from "#app/lib/member-hint";

export interface Me {
  signedIn: boolean;
  name: string;
  meterLeft: number;
}

let asked: Promise<Me | null> | undefined;

export function readMe(): Promise<Me | null> {
  asked ??= fetch("/account/me.json", { credentials: "same-origin", cache: "no-store" })
    .then((response) => (response.ok ? (response.json() as Promise<Me>) : null))
    .catch(() => null);
  return asked;
}

/** The signed-in hint (app/lib/member-hint.ts) in `document.cookie`: a reader session may exist here. */
export const hasMemberHint = (cookies: string) =>
  cookies.split(";").some((pair) => pair.trim() === `${MEMBER_HINT_COOKIE_NAME}=1`);
