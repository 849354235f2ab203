/**
 * Sharing an article: plain links for the networks and e-mail (they work without JavaScript), and
 * copy link, Instagram (copies the text) and the device's share sheet, which the server renders hidden
 * and the reader script (app/reader/share.ts) shows and runs.
 */
import { Copy, Mail, Share2 } from "lucide-react";
import { useLiteMode } from "./use-site";
import { useMessages } from "#app/i18n/use-messages";

interface ShareTarget {
  title: string;
  /** Absolute URL of the article. */
  url: string;
}

/** WhatsApp's and Telegram's share addresses: plain links, no script of theirs (live updates use them too). */
export const whatsappShareHref = (text: string, url: string) =>
  `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`;
export const telegramShareHref = (text: string, url: string) =>
  `https://t.me/share/url?url=${encodeURIComponent(url)}&text=${encodeURIComponent(text)}`;

function shareLinks({ title, url }: ShareTarget) {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  return [
    {
      name: "Facebook",
      href: `https://www.facebook.com/sharer/sharer.php?u=${u}`,
      className: "bg-[#1460c8] text-white hover:bg-[#0f4fa6]",
    },
    {
      name: "X",
      href: `https://twitter.com/intent/tweet?url=${u}&text=${t}`,
      className: "bg-black text-white hover:bg-gray-800",
    },
    {
      name: "WhatsApp",
      href: whatsappShareHref(title, url),
      className: "bg-[#1b7f3a] text-white hover:bg-[#146530]",
    },
    {
      name: "Telegram",
      href: telegramShareHref(title, url),
      className: "bg-[#17699a] text-white hover:bg-[#12557d]",
    },
    {
      name: "LinkedIn",
      href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}`,
      className: "bg-[#0a66c2] text-white hover:bg-[#084e96]",
    },
  ] as const;
}

const buttonBase =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-md px-3 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700";

const LITE_SHARING = ["WhatsApp", "Telegram", "Facebook", "X"];

export function ShareButtons({ title, url }: ShareTarget) {
  // A lite page (the reader saves data): where Ghana's readers share, as plain links; the buttons the
  // full script wires (copy, Instagram, the share sheet) are left out, not sent hidden.
  const isLite = useLiteMode();
  const links = shareLinks({ title, url }).filter((link) => !isLite || LITE_SHARING.includes(link.name));
  const { t } = useMessages();
  return (
    <section
      aria-labelledby="share-heading"
      // What the full script's buttons share; a lite page has none of them.
      data-share-url={isLite ? undefined : url}
      data-share-title={isLite ? undefined : title}
      className="mt-8 border-t border-gray-200 pt-6"
    >
      <h2 id="share-heading" className="text-sm font-bold tracking-wide text-gray-700 uppercase">
        {t("share.heading")}
      </h2>
      <ul className="mt-3 grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
        {links.map((link, index) => (
          <li key={link.name}>
            <a
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
              data-share-fallback={index === 0 ? "" : undefined}
              className={`${buttonBase} w-full ${link.className}`}
              aria-label={t("share.on", { network: link.name })}
            >
              {link.name}
            </a>
          </li>
        ))}
        {isLite ? null : (
          <li>
            <a
              href={`mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(`${title}\n\n${url}`)}`}
              className={`${buttonBase} w-full bg-gray-700 text-white hover:bg-gray-800`}
              aria-label={t("share.byEmail")}
            >
              <Mail aria-hidden size={16} /> {t("share.email")}
            </a>
          </li>
        )}
        {isLite ? null : <ScriptButtons />}
      </ul>
    </section>
  );
}

/** Copy link, Instagram and the share sheet: rendered hidden, shown by the reader script where it can. */
function ScriptButtons() {
  const { t } = useMessages();
  return (
    <>
      <li hidden>
        <button
          type="button"
          data-share-action="copy"
          className={`${buttonBase} w-full border border-gray-300 bg-white text-gray-800 hover:bg-gray-50`}
        >
          <Copy aria-hidden size={16} /> {t("share.copyLink")}
        </button>
      </li>
      <li hidden>
        <button
          type="button"
          data-share-action="instagram"
          className={`${buttonBase} w-full bg-gradient-to-r from-[#9c2a6b] to-[#b8235a] text-white hover:opacity-90`}
          aria-label={t("share.on", { network: "Instagram" })}
        >
          Instagram
        </button>
      </li>
      <li hidden>
        <button
          type="button"
          data-share-action="native"
          className={`${buttonBase} w-full bg-brand-700 text-white hover:bg-brand-900`}
        >
          <Share2 aria-hidden size={16} /> {t("share.share")}
        </button>
      </li>
    </>
  );
}
