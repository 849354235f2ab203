/**
 * Under the article's heading: the story's other published versions, each by its edition's own name and
 * in its own language (`lang`, `hreflang`: a screen reader says "Twi" as Twi), linking to its address in
 * its edition (decision record 022, point 3). Plain links: no script, the same on lite pages.
 */
import { useMessages } from "#app/i18n/use-messages";
import type { StoryVersionLink } from "#app/lib/story-versions";

export function StoryVersions({ versions }: { versions: readonly StoryVersionLink[] }) {
  const { t } = useMessages();
  const others = versions.filter((version) => !version.isCurrent);
  if (others.length === 0) return null;
  return (
    <nav aria-label={t("storyVersions.label")} className="mt-3 text-sm text-gray-700" data-story-versions>
      {t("storyVersions.readIn")}{" "}
      {others.map((version, index) => (
        <span key={version.tag}>
          {index > 0 ? ", " : null}
          <a
            href={version.path}
            lang={version.tag}
            hrefLang={version.tag}
            className="inline-flex min-h-6 items-center font-semibold text-brand-700 underline hover:text-brand-900"
          >
            {version.name}
          </a>
        </span>
      ))}
    </nav>
  );
}
