/**
 * The newsletter compose form (decision record 018): subject, introduction and the stories, ticked from the
 * latest published ones and numbered in the order they should appear. A plain form: choosing and
 * ordering work before (or without) the page's script, and what was typed comes back after a refusal.
 */
import { Form } from "react-router";
import { ISSUE_LIMITS, NEWSLETTER_TEXT, type IssueFormValues } from "#app/domain/newsletter/issue-form";
import { dateTimeFormat } from "#app/lib/dates";
import { TRANSLATION_TEXT } from "#app/lib/article-form/translation-text";

export interface ComposeChoice {
  id: string;
  title: string;
  publishedAt: Date | string | null;
}

const published = (value: Date | string | null) =>
  value ? dateTimeFormat("en-GB", { dateStyle: "medium" }).format(new Date(value)) : "";

const inputClass = "w-full rounded border border-gray-300 px-2 py-1.5 text-sm";

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="mt-1 text-sm text-red-700">
      {message}
    </p>
  ) : null;
}

export function NewsletterCompose({
  values,
  choices,
  errors,
  search,
  editions = [],
}: {
  values: IssueFormValues;
  choices: ComposeChoice[];
  errors: Record<string, string>;
  search: string;
  /** Every edition, where the site has more than one (decision record 022, point 11); else none. */
  editions?: ReadonlyArray<{ tag: string; name: string; enabled: boolean }>;
}) {
  // The chosen stories first, in their order, then the rest as the list gave them.
  const chosen = values.stories
    .map((id) => choices.find((c) => c.id === id))
    .filter((c): c is ComposeChoice => Boolean(c));
  const others = choices.filter((c) => !values.stories.includes(c.id));
  return (
    <div className="space-y-4">
      <form method="get" role="search" className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1">
          <label htmlFor="q" className="mb-1 block text-xs font-medium text-gray-600">
            {NEWSLETTER_TEXT.search}
          </label>
          <input
            id="q"
            name="q"
            type="search"
            defaultValue={search}
            maxLength={ISSUE_LIMITS.search}
            className={inputClass}
          />
        </div>
        <button
          type="submit"
          className="rounded border border-gray-300 bg-gray-50 px-3 py-1.5 text-sm font-medium hover:bg-gray-100"
        >
          Search
        </button>
      </form>
      <Form method="post" className="space-y-4 rounded border border-gray-200 bg-white p-4" noValidate>
        <div>
          <label htmlFor="subject" className="mb-1 block text-sm font-medium">
            {NEWSLETTER_TEXT.subject}
          </label>
          <input
            id="subject"
            name="subject"
            required
            maxLength={ISSUE_LIMITS.subject}
            defaultValue={values.subject}
            aria-invalid={errors.subject ? true : undefined}
            aria-describedby={errors.subject ? "subject-error" : undefined}
            className={inputClass}
          />
          <FieldError id="subject-error" message={errors.subject} />
        </div>
        {editions.length > 1 ? (
          <div>
            <label htmlFor="edition" className="mb-1 block text-sm font-medium">
              {NEWSLETTER_TEXT.edition}
            </label>
            <select
              id="edition"
              name="edition"
              defaultValue={values.edition}
              aria-invalid={errors.edition ? true : undefined}
              aria-describedby={errors.edition ? "edition-error" : "edition-hint"}
              className={inputClass}
            >
              {editions.map((edition) => (
                <option key={edition.tag} value={edition.tag}>
                  {edition.enabled ? edition.name : TRANSLATION_TEXT.editionOff(edition.name)}
                </option>
              ))}
            </select>
            <p id="edition-hint" className="mt-1 text-xs text-gray-600">
              {NEWSLETTER_TEXT.editionHint}
            </p>
            <FieldError id="edition-error" message={errors.edition} />
          </div>
        ) : null}
        <div>
          <label htmlFor="intro" className="mb-1 block text-sm font-medium">
            {NEWSLETTER_TEXT.intro}
          </label>
          <textarea
            id="intro"
            name="intro"
            rows={5}
            maxLength={ISSUE_LIMITS.intro}
            defaultValue={values.intro}
            aria-invalid={errors.intro ? true : undefined}
            aria-describedby={errors.intro ? "intro-error" : "intro-hint"}
            className={inputClass}
          />
          <p id="intro-hint" className="mt-1 text-xs text-gray-600">
            {NEWSLETTER_TEXT.introHint}
          </p>
          <FieldError id="intro-error" message={errors.intro} />
        </div>
        <fieldset aria-describedby={errors.stories ? "stories-error" : "stories-hint"}>
          <legend className="text-sm font-medium">{NEWSLETTER_TEXT.stories}</legend>
          <p id="stories-hint" className="mb-2 text-xs text-gray-600">
            {NEWSLETTER_TEXT.storiesHint}
          </p>
          <FieldError id="stories-error" message={errors.stories} />
          <ul aria-label={NEWSLETTER_TEXT.stories} className="divide-y divide-gray-100">
            {[...chosen, ...others].map((choice, index) => {
              const isChosen = index < chosen.length;
              return (
                <li key={choice.id} className="flex items-center gap-3 py-1.5">
                  <input
                    type="checkbox"
                    id={`story-${choice.id}`}
                    name="story"
                    value={choice.id}
                    defaultChecked={isChosen}
                    className="h-4 w-4"
                  />
                  <label htmlFor={`story-${choice.id}`} className="min-w-0 flex-1 text-sm">
                    {choice.title}{" "}
                    <span className="text-xs text-gray-500" suppressHydrationWarning>
                      {published(choice.publishedAt)}
                    </span>
                  </label>
                  <input
                    type="number"
                    min={1}
                    max={99}
                    name={`position.${choice.id}`}
                    defaultValue={isChosen ? index + 1 : ""}
                    aria-label={`${NEWSLETTER_TEXT.position}: ${choice.title}`}
                    className="w-16 rounded border border-gray-300 px-2 py-1 text-sm"
                  />
                </li>
              );
            })}
          </ul>
        </fieldset>
        <button
          type="submit"
          name="intent"
          value="save"
          className="rounded bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
        >
          {NEWSLETTER_TEXT.save}
        </button>
      </Form>
    </div>
  );
}
