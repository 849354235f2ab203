/**
 * The edit screen's Translations panel and the original beside a translation (decision record 022,
 * point 3). What each user sees is the loader's (`translationsPanel`): a version links to the editor only
 * when they may open it. "Start translation" posts to the edit route's action from a form of its own,
 * outside the article form (forms do not nest): the buttons name it with `form`.
 */
import { Form, Link } from "react-router";
import type { PanelEdition, TranslationsPanel as Panel } from "#app/domain/articles/translation-panel.server";
import { TRANSLATION_TEXT } from "#app/lib/article-form/translation-text";
import { ARTICLE_STATUS_LABELS } from "#app/lib/status-labels";

const formIdOf = (tag: string) => `translate-${tag}`;

function VersionLine({ edition }: { edition: PanelEdition }) {
  const { version } = edition;
  if (!version) {
    return edition.canStart ? (
      <button
        type="submit"
        form={formIdOf(edition.tag)}
        className="rounded border border-gray-300 bg-white px-2 py-0.5 text-xs font-medium hover:bg-gray-50"
      >
        {TRANSLATION_TEXT.startTranslation}
      </button>
    ) : (
      <span className="text-xs text-gray-500">{TRANSLATION_TEXT.notStarted}</span>
    );
  }
  const title = version.title.trim() || TRANSLATION_TEXT.untitled;
  return (
    <span className="flex min-w-0 flex-wrap items-center gap-1">
      {version.canOpen && !version.isCurrent ? (
        <Link
          to={`/admin/articles/edit/${version.id}`}
          lang={version.language}
          className="min-w-0 truncate text-brand-700 underline"
        >
          {title}
        </Link>
      ) : (
        <span
          lang={version.language}
          className="min-w-0 truncate"
          aria-current={version.isCurrent ? "page" : undefined}
        >
          {title}
        </span>
      )}
      <span className="rounded bg-gray-100 px-1.5 py-0.5 text-xs text-gray-700">
        {ARTICLE_STATUS_LABELS[version.status]}
      </span>
    </span>
  );
}

export function TranslationsPanel({ panel }: { panel: Panel }) {
  return (
    <section aria-labelledby="article-translations" className="rounded border border-gray-200 bg-white p-3">
      <h2
        id="article-translations"
        className="mb-2 text-xs font-semibold tracking-wide text-gray-500 uppercase"
      >
        {TRANSLATION_TEXT.panelTitle}
      </h2>
      <ul className="space-y-2 text-sm">
        {panel.editions.map((edition) => (
          <li key={edition.tag} data-edition={edition.tag} className="flex flex-col gap-0.5">
            <span className="text-xs font-medium text-gray-600">
              {edition.enabled ? edition.name : TRANSLATION_TEXT.editionOff(edition.name)}
            </span>
            <VersionLine edition={edition} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The "Start translation" forms the panel's buttons submit; rendered outside the article form. */
export function TranslationForms({ panel }: { panel: Panel }) {
  return (
    <>
      {panel.editions
        .filter((edition) => edition.canStart)
        .map((edition) => (
          <Form key={edition.tag} method="post" id={formIdOf(edition.tag)} hidden>
            <input type="hidden" name="intent" value="translate" />
            <input type="hidden" name="language" value={edition.tag} />
          </Form>
        ))}
    </>
  );
}

/** The original's title and body beside a translation, read-only, for the translator to work from. */
export function OriginalBeside({ original }: { original: NonNullable<Panel["original"]> }) {
  return (
    <details open className="mb-4 rounded border border-gray-200 bg-white p-3">
      <summary className="cursor-pointer text-sm font-semibold">
        {TRANSLATION_TEXT.original(original.editionName)}
      </summary>
      <div lang={original.language} className="mt-2">
        <p className="text-lg font-semibold">{original.title}</p>
        <div
          className="prose prose-sm mt-2 max-h-96 max-w-none overflow-y-auto"
          // Stored bodies are sanitised on every save (safeBody), as the reader page shows them.
          dangerouslySetInnerHTML={{ __html: original.content }}
        />
      </div>
    </details>
  );
}
