/** The outlet's social accounts from the settings; networks without an address are left out. */
import type { SocialLinks as SocialLinksSettings } from "#app/db/schema";
import { useMessages } from "#app/i18n/use-messages";

const NETWORKS: Array<{ key: keyof SocialLinksSettings; name: string; short: string; color: string }> = [
  { key: "facebook", name: "Facebook", short: "f", color: "#1460c8" },
  { key: "twitter", name: "X (Twitter)", short: "X", color: "#000000" },
  { key: "instagram", name: "Instagram", short: "IG", color: "#b1246b" },
  { key: "youtube", name: "YouTube", short: "YT", color: "#c4161c" },
  { key: "linkedin", name: "LinkedIn", short: "in", color: "#0a66c2" },
  { key: "tiktok", name: "TikTok", short: "TT", color: "#111111" },
  { key: "telegram", name: "Telegram", short: "TG", color: "#17699a" },
  { key: "whatsapp", name: "WhatsApp", short: "WA", color: "#1b7f3a" },
  { key: "pinterest", name: "Pinterest", short: "P", color: "#b60d1c" },
];

/** Only http(s) addresses become links: the settings are admin input. */
const isWebAddress = (value: string) => /^https?:\/\/\S+$/i.test(value.trim());

export function socialLinksFrom(settings: SocialLinksSettings) {
  return NETWORKS.filter((n) => isWebAddress(settings[n.key] ?? "")).map((n) => ({
    ...n,
    href: settings[n.key].trim(),
  }));
}

export function SocialLinks({ links, size = "md" }: { links: SocialLinksSettings; size?: "sm" | "md" }) {
  const list = socialLinksFrom(links);
  const { t } = useMessages();
  if (list.length === 0) return null;
  const box = size === "sm" ? "size-8 text-[0.7rem]" : "size-10 text-xs";
  return (
    <ul className="flex flex-wrap items-center gap-2" aria-label={t("social.followUs")}>
      {list.map((n) => (
        <li key={n.key}>
          <a
            href={n.href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={n.name}
            title={n.name}
            style={{ backgroundColor: n.color }}
            className={`${box} inline-flex items-center justify-center rounded-full font-bold text-white ring-white/40 transition hover:ring-2`}
          >
            {n.short}
          </a>
        </li>
      ))}
    </ul>
  );
}
