/**
 * The Edition filter of the articles list and the dashboard (decision record 022, point 11): `?edition=`
 * over the site's editions, "All editions" first; nothing where the site has one edition.
 */
import { TRANSLATION_TEXT } from "#app/lib/article-form/translation-text";
import { FilterSelect } from "./list-kit/search-form";

export function EditionFilter({
  editions,
  edition,
}: {
  editions: ReadonlyArray<{ tag: string; name: string }>;
  edition: string | null;
}) {
  if (editions.length < 2) return null;
  return (
    <FilterSelect
      id="edition-filter"
      label={TRANSLATION_TEXT.editionFilter}
      name="edition"
      defaultValue={edition ?? ""}
    >
      <option value="">{TRANSLATION_TEXT.allEditions}</option>
      {editions.map((option) => (
        <option key={option.tag} value={option.tag}>
          {option.name}
        </option>
      ))}
    </FilterSelect>
  );
}
