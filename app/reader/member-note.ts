/**
 * On a gated story's offer (decision record 021), the reader's own note: "N free stories left this
 * month" or "Signed in as …", from /account/me.json. Pages vary by access class, never by reader, so
 * what is personal is asked for here, and only on the pages that show it. The offer works without it.
 */
import { STORY_OFFER_TEXT } from "#app/lib/story-offer-text";
import { readMe } from "./me";

export function wireMemberNote() {
  const note = document.querySelector<HTMLElement>("[data-member-note]");
  if (!note) return;
  void readMe().then((me) => {
    if (!me?.signedIn) return;
    note.textContent =
      me.meterLeft > 0 ? STORY_OFFER_TEXT.meterLeft(me.meterLeft) : STORY_OFFER_TEXT.signedIn(me.name);
    note.hidden = false;
  });
}
