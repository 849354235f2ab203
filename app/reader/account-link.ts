/**
 * The site's account link (header, phone menu, footer) says "Sign in" in the shared page; for a
 * signed-in reader it says "Account" (decision record 021, point 4). /account/me.json is asked only when
 * the signed-in hint cookie is there, so an anonymous reader's page view costs no request. Without
 * JavaScript the link stays "Sign in" and /account, where it goes, is the signed-in reader's account.
 */
import { text } from "./text";
import { hasMemberHint, readMe } from "./me";

export function wireAccountLinks() {
  const links = document.querySelectorAll<HTMLElement>("[data-account-link]");
  if (links.length === 0 || !hasMemberHint(document.cookie)) return;
  void readMe().then((me) => {
    if (!me?.signedIn) return;
    for (const link of links) link.textContent = text("script.account.signedIn");
  });
}
