import { signInPath, supportPath } from "#app/lib/story-offer-text";
import { useMessages } from "#app/i18n/use-messages";
import { useEditionPath } from "../use-site";

export interface StoryOfferProps {
  /** The story's path (bare), where signing in or paying brings the reader back, in the page's edition. */
  path: string;
  access: "members" | "paid";
  offer: { signIn: boolean; pass: boolean };
  /** A payment provider is configured: without one the pass offer says payments are not set up. */
  paymentsReady: boolean;
}

const BUTTON = "inline-flex min-h-11 items-center rounded-md px-5 font-semibold";

/**
 * What a reader without access gets in place of the rest of the story: plain links, working without a
 * script, in the page's language (`offer.*`). The reader script adds the reader's meter or name from
 * /account/me.json (`data-member-note`).
 */
export function StoryOffer({ path, access, offer, paymentsReady }: StoryOfferProps) {
  const { t } = useMessages();
  // The account pages are the main edition's; the way back is to this page, in its edition.
  const back = useEditionPath()(path);
  const title = t(access === "members" ? "offer.membersTitle" : "offer.paidTitle");
  const body = t(
    access === "members" ? "offer.membersBody" : offer.signIn ? "offer.paidBody" : "offer.meteredOutBody",
  );
  return (
    <section
      data-story-offer=""
      aria-labelledby="story-offer-title"
      className="mt-6 rounded-lg border-2 border-brand-700 bg-brand-50 p-5"
    >
      <h2 id="story-offer-title" className="font-serif text-xl font-bold">
        {title}
      </h2>
      <p className="mt-2 text-gray-800">{body}</p>
      <p data-member-note="" className="mt-2 text-sm text-gray-700" hidden />
      <div className="mt-4 flex flex-wrap items-center gap-3">
        {offer.signIn ? (
          <a href={signInPath(back)} className={`${BUTTON} bg-brand-700 text-white hover:bg-brand-900`}>
            {t("offer.signIn")}
          </a>
        ) : null}
        {offer.pass && paymentsReady ? (
          <a
            href={supportPath(back)}
            className={`${BUTTON} border border-brand-700 bg-white text-brand-700 hover:bg-brand-50`}
          >
            {t("offer.getPass")}
          </a>
        ) : null}
        {offer.pass && !paymentsReady ? (
          <p className="text-sm text-gray-700">{t("offer.paymentsNotSetUp")}</p>
        ) : null}
      </div>
    </section>
  );
}
