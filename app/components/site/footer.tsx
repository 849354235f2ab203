/**
 * The site footer: about text, social links, Quick Links, every category, the contact details that are
 * set, copyright; above them the newsletter signup while the newsletter is switched on. (The spec's footer showed up to 7 categories, which hid the eighth sample category;
 * decision record 007 lists every one.)
 */
import { AlertButton } from "./alert-button";
import { LiteOffer } from "./lite-switch";
import { Mail, MapPin, Phone } from "lucide-react";
import type { SocialLinks as SocialLinksSettings } from "#app/db/schema";
import type { NavCategory } from "#app/domain/categories/public.server";
import { NewsletterSignup } from "./newsletter-signup";
import { SocialLinks } from "./social-links";
import { useEditionPath } from "./use-site";
import { useMessages, type MessageKey, type Translate } from "#app/i18n/use-messages";

/**
 * `inEdition`: a page every edition has, linked inside the page's (decision record 022, point 2); the
 * others are the main edition's alone for now.
 */
const QUICK_LINKS = [
  { to: "/", label: "chrome.home", inEdition: true },
  { to: "/all-articles", label: "chrome.allArticles", inEdition: true },
  { to: "/latest-news", label: "footer.latestNews", inEdition: true },
  { to: "/featured-news", label: "footer.featuredNews", inEdition: true },
  { to: "/about", label: "footer.aboutUs" },
  { to: "/contact", label: "chrome.contact" },
  { to: "/privacy", label: "footer.privacy" },
  { to: "/terms", label: "footer.terms" },
  // A reader's account (decision record 021): a static link, as shared parts must be; /account sends a
  // signed-out reader on to sign in, and the reader script says "Account" to a signed-in one.
  { to: "/account", label: "script.account.signedOut" },
] as const satisfies ReadonlyArray<{ to: string; label: MessageKey; inEdition?: boolean }>;

const quickLinkText = (link: (typeof QUICK_LINKS)[number], t: Translate) => t(link.label);

/** A quick link's address on this page: an edition page stays in the page's edition. */
function useQuickLinkPath() {
  const editionPath = useEditionPath();
  return (link: (typeof QUICK_LINKS)[number]) => ("inEdition" in link ? editionPath(link.to) : link.to);
}

interface FooterProps {
  siteTitle: string;
  siteDescription: string;
  aboutText: string;
  categories: NavCategory[];
  social: SocialLinksSettings;
  contact: { adminEmail: string; streetAddress: string; contactNumber: string };
  /** The "Enable newsletter" setting. */
  newsletter: boolean;
  /** Open counts are on: the signup form says so. */
  newsletterCountsOpens?: boolean;
  /** The site's VAPID public key: the breaking-news alerts button, for browsers that take them. */
  pushKey: string | null;
  /** The page's edition's breaking-news topic: `breaking`, or `breaking:tw` on Twi pages (decision record 022, point 11). */
  breakingTopic: string;
}

const heading = "mb-4 text-sm font-bold tracking-wider text-white uppercase";
const link = "inline-block py-1 text-blue-100 hover:text-white hover:underline";

export function SiteFooter({
  siteTitle,
  siteDescription,
  aboutText,
  categories,
  social,
  contact,
  newsletter,
  newsletterCountsOpens,
  pushKey,
  breakingTopic,
}: FooterProps) {
  const editionPath = useEditionPath();
  const quickLinkPath = useQuickLinkPath();
  const { t } = useMessages();
  return (
    <footer className="mt-16 bg-brand-900 text-sm text-blue-100">
      {newsletter ? (
        <section aria-labelledby="footer-newsletter" className="border-b border-white/10">
          <div className="mx-auto grid max-w-7xl gap-4 px-4 py-8 lg:grid-cols-[1fr_minmax(0,36rem)] lg:items-center">
            <div>
              <h2 id="footer-newsletter" className="font-serif text-xl font-bold text-white">
                {t("newsletter.heading")}
              </h2>
              <p className="mt-1 text-blue-100">{t("newsletter.intro")}</p>
            </div>
            <NewsletterSignup idPrefix="footer-newsletter" tone="dark" countsOpens={newsletterCountsOpens} />
          </div>
        </section>
      ) : null}
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className="font-serif text-2xl font-bold text-white">
            {siteTitle} <span className="text-red-300">Online</span>
          </h2>
          <p className="mt-2 font-semibold text-blue-50">{siteDescription}</p>
          {aboutText ? <p className="mt-3 leading-relaxed">{aboutText}</p> : null}
          <div className="mt-5">
            <SocialLinks links={social} size="sm" />
          </div>
          {pushKey ? (
            <div className="mt-5" data-push-key={pushKey}>
              <AlertButton
                topic={breakingTopic}
                label={t("script.push.breakingOn")}
                className="bg-white text-brand-900 hover:bg-blue-50"
              />
            </div>
          ) : null}
          <div className="mt-5">
            <LiteOffer className="inline-flex min-h-11 items-center gap-2 rounded-md border border-white/40 px-4 font-semibold text-white hover:bg-white/10" />
          </div>
        </section>
        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className={heading}>
            {t("footer.quickLinks")}
          </h2>
          <ul>
            {QUICK_LINKS.map((l) => (
              <li key={l.to}>
                <a
                  href={quickLinkPath(l)}
                  className={link}
                  data-account-link={l.to === "/account" ? "" : undefined}
                >
                  {quickLinkText(l, t)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-categories">
          <h2 id="footer-categories" className={heading}>
            {t("footer.categories")}
          </h2>
          <ul>
            {categories.map((c) => (
              <li key={c.slug}>
                <a href={editionPath(`/category/${c.slug}`)} className={link}>
                  {c.name}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className={heading}>
            {t("footer.contactUs")}
          </h2>
          <ul className="space-y-3">
            {/* The layout hands over the details that are set (placeholders emptied): empty ones are left out. */}
            {!contact.streetAddress && !contact.contactNumber && !contact.adminEmail ? (
              <li>
                <a href="/contact" className={link}>
                  {t("footer.sendMessage")}
                </a>
              </li>
            ) : null}
            {contact.streetAddress ? (
              <li className="flex gap-2">
                <MapPin aria-hidden size={18} className="mt-0.5 shrink-0" />
                <span>{contact.streetAddress}</span>
              </li>
            ) : null}
            {contact.contactNumber ? (
              <li className="flex gap-2">
                <Phone aria-hidden size={18} className="mt-0.5 shrink-0" />
                <a
                  href={`tel:${contact.contactNumber.replace(/[^\d+]/g, "")}`}
                  className="hover:text-white hover:underline"
                >
                  {contact.contactNumber}
                </a>
              </li>
            ) : null}
            {contact.adminEmail ? (
              <li className="flex gap-2">
                <Mail aria-hidden size={18} className="mt-0.5 shrink-0" />
                <a
                  href={`mailto:${contact.adminEmail}`}
                  className="break-all hover:text-white hover:underline"
                >
                  {contact.adminEmail}
                </a>
              </li>
            ) : null}
          </ul>
        </section>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-4 py-5 text-center text-blue-200">
          {t("footer.copyright", { year: new Date().getFullYear(), siteTitle })}
        </p>
      </div>
    </footer>
  );
}

/**
 * A lite page's footer (the reader saves data): the site's pages the menu does not list, in one line,
 * and the copyright; the categories are in the menu, the signup and alerts on the full page.
 */
const IN_THE_MENU = new Set(["/", "/all-articles", "/contact", "/account"]);

export function LiteFooter({ siteTitle }: { siteTitle: string }) {
  const quickLinkPath = useQuickLinkPath();
  const { t } = useMessages();
  return (
    <footer className="mt-10 bg-brand-900 text-sm text-blue-100">
      <nav aria-label={t("chrome.footerNav")} className="mx-auto max-w-7xl px-4 pt-5">
        <ul className="flex flex-wrap gap-x-5">
          {QUICK_LINKS.filter((l) => !IN_THE_MENU.has(l.to)).map((l) => (
            <li key={l.to}>
              <a href={quickLinkPath(l)} className="inline-flex min-h-11 items-center hover:text-white">
                {quickLinkText(l, t)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <p className="mx-auto max-w-7xl px-4 pt-2 pb-5 text-blue-200">
        {t("footer.copyright", { year: new Date().getFullYear(), siteTitle })}
      </p>
    </footer>
  );
}
