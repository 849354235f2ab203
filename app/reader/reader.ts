/**
 * The reader pages' script (decision record 005). Reader pages are server-rendered React without
 * hydration; this one small module, plain TypeScript and DOM, gives them what needs a script, found by
 * data-* attributes in the server's markup. Everything here is an extra: each flow also works without
 * it. A module script runs once the document is parsed.
 */
import { wireAccountLinks } from "./account-link";
import { wireCommentsDemo } from "./comments-demo";
import { wireConfirmations } from "./confirm";
import { wireForms } from "./forms";
import { wireImageFallbacks } from "./images";
import { wireLiveUpdates } from "./live-updates";
import { wirePushAlerts } from "./push";
import { wireMenus } from "./menus";
import { wireMemberNote } from "./member-note";
import { wireOfflineReading } from "./offline";
import { wireSearchForms } from "./search";
import { wireSharing } from "./share";
import { wireToasts } from "./toasts";
import { countText } from "./count-text";
import { countView } from "./view-counter";

const PARTS: [string, () => void][] = [
  ["toasts", wireToasts],
  ["images", wireImageFallbacks],
  ["menus", wireMenus],
  ["search", wireSearchForms],
  ["share", wireSharing],
  ["live updates", wireLiveUpdates],
  ["alerts", wirePushAlerts],
  ["forms", wireForms],
  ["confirm", wireConfirmations],
  ["comments demo", wireCommentsDemo],
  ["view counter", () => countView((count) => countText("script.views", count))],
  ["member note", wireMemberNote],
  ["account link", wireAccountLinks],
  ["offline reading", wireOfflineReading],
];

// One part failing leaves the others working.
for (const [name, wire] of PARTS) {
  try {
    wire();
  } catch (error) {
    console.error(`[reader] ${name} could not start`, error);
  }
}
