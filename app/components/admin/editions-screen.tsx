/**
 * The Editions screen's parts (decision record 022, point 1): the table of editions (name, tag, address,
 * on or off, the main one marked) with a form per change of a row (rename, move up or down, switch on or
 * off), and the form that adds one. Plain forms posting an `intent`, working without JavaScript; with it,
 * the add and rename forms are checked by the server's own schema before they are sent.
 */
import { ArrowDown, ArrowUp, Power } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Form, useNavigation } from "react-router";
import {
  addEditionSchema,
  EDITION_LIMITS,
  EDITION_TEXT,
  renameEditionSchema,
  type AddEditionValues,
} from "#app/domain/editions/edition-form";
import { checkForm, type FieldErrors, type FieldProblem } from "#app/domain/users/user-form";
import { describedBy, inputClass } from "./form-field";
import { SettingsText } from "./settings-fields";

/** An edition as the screen shows it (app/domain/editions/admin.server.ts's AdminEdition). */
export interface EditionRow {
  tag: string;
  name: string;
  enabled: boolean;
  main: boolean;
  address: string;
}

const buttonClass =
  "inline-flex min-h-9 items-center gap-1 rounded-md border border-gray-300 bg-white px-2.5 text-xs font-medium text-gray-800 hover:bg-gray-50 disabled:opacity-40";

/** Checks a form with `schema` before it is sent; its problems are shown instead when it fails. */
function useCheckedSubmit(schema: Parameters<typeof checkForm>[0]) {
  const [errors, setErrors] = useState<FieldErrors | null>(null);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const result = checkForm(schema, Object.fromEntries(new FormData(event.currentTarget)));
    if (result.ok) {
      setErrors(null);
      return;
    }
    event.preventDefault();
    setErrors(result.errors);
  };
  return { errors, onSubmit };
}

function RenameForm({
  edition,
  refused,
}: {
  edition: EditionRow;
  refused?: { error: FieldProblem; name: string };
}) {
  const { errors, onSubmit } = useCheckedSubmit(renameEditionSchema);
  const problem = errors?.name ?? refused?.error;
  const id = `edition-name-${edition.tag}`;
  return (
    <Form method="post" noValidate onSubmit={onSubmit} className="flex flex-wrap items-start gap-2">
      <input type="hidden" name="intent" value="rename" />
      <input type="hidden" name="tag" value={edition.tag} />
      <div className="min-w-40 flex-1">
        <label htmlFor={id} className="sr-only">
          Name of the {edition.tag} edition
        </label>
        <input
          id={id}
          name="name"
          defaultValue={refused?.name ?? edition.name}
          maxLength={EDITION_LIMITS.name}
          lang={edition.tag}
          autoComplete="off"
          className={inputClass}
          {...describedBy(id, problem)}
        />
        {problem ? (
          <p id={`${id}-error`} role="alert" className="mt-1 text-sm font-semibold text-red-700">
            {problem.title}
          </p>
        ) : null}
      </div>
      <button type="submit" className={buttonClass} aria-label={`Rename the ${edition.tag} edition`}>
        Rename
      </button>
    </Form>
  );
}

function RowActions({
  edition,
  isFirst,
  isLast,
}: {
  edition: EditionRow;
  isFirst: boolean;
  isLast: boolean;
}) {
  return (
    <div className="flex flex-wrap justify-end gap-2">
      {(["up", "down"] as const).map((direction) => (
        <Form method="post" key={direction}>
          <input type="hidden" name="intent" value="move" />
          <input type="hidden" name="tag" value={edition.tag} />
          <input type="hidden" name="direction" value={direction} />
          <button
            type="submit"
            className={buttonClass}
            disabled={direction === "up" ? isFirst : isLast}
            aria-label={`Move ${edition.name} ${direction}`}
          >
            {direction === "up" ? (
              <ArrowUp className="h-3.5 w-3.5" aria-hidden />
            ) : (
              <ArrowDown className="h-3.5 w-3.5" aria-hidden />
            )}
            {direction === "up" ? "Up" : "Down"}
          </button>
        </Form>
      ))}
      {edition.main ? null : (
        <Form method="post">
          <input type="hidden" name="intent" value="switch" />
          <input type="hidden" name="tag" value={edition.tag} />
          <input type="hidden" name="enabled" value={edition.enabled ? "" : "on"} />
          <button
            type="submit"
            className={buttonClass}
            aria-label={`${edition.enabled ? "Switch off" : "Switch on"} ${edition.name}`}
          >
            <Power className="h-3.5 w-3.5" aria-hidden /> {edition.enabled ? "Switch off" : "Switch on"}
          </button>
        </Form>
      )}
    </div>
  );
}

export function EditionsTable({
  editions,
  refusedRename,
}: {
  editions: EditionRow[];
  refusedRename?: { tag: string; error: FieldProblem; name: string };
}) {
  return (
    <div className="overflow-x-auto rounded-lg border border-gray-200 bg-white">
      <table className="w-full text-left text-sm">
        <thead className="bg-gray-50 text-xs tracking-wide text-gray-600 uppercase">
          <tr>
            <th scope="col" className="px-4 py-2">
              Name
            </th>
            <th scope="col" className="px-4 py-2">
              Tag
            </th>
            <th scope="col" className="px-4 py-2">
              Address
            </th>
            <th scope="col" className="px-4 py-2">
              Status
            </th>
            <th scope="col" className="px-4 py-2">
              <span className="sr-only">Order and switch</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {editions.map((edition, index) => (
            <tr key={edition.tag} data-edition-row={edition.tag}>
              <td className="px-4 py-2">
                <RenameForm
                  key={edition.name}
                  edition={edition}
                  refused={refusedRename?.tag === edition.tag ? refusedRename : undefined}
                />
              </td>
              <td className="px-4 py-2 font-mono text-xs">{edition.tag}</td>
              <td className="px-4 py-2 font-mono text-xs">{edition.address}</td>
              <td className="px-4 py-2">
                <div className="flex flex-wrap gap-1">
                  <span
                    className={`rounded-full px-2 py-0.5 text-xs font-semibold ${edition.enabled ? "bg-green-100 text-green-800" : "bg-gray-100 text-gray-700"}`}
                  >
                    {edition.enabled ? "On" : "Off"}
                  </span>
                  {edition.main ? (
                    <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-900">
                      Main
                    </span>
                  ) : null}
                </div>
              </td>
              <td className="px-4 py-2">
                <RowActions edition={edition} isFirst={index === 0} isLast={index === editions.length - 1} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function AddEditionForm({ values, errors }: { values: AddEditionValues; errors?: FieldErrors }) {
  const navigation = useNavigation();
  const isAdding = navigation.state === "submitting" && navigation.formData?.get("intent") === "add";
  const checked = useCheckedSubmit(addEditionSchema);
  const shown = checked.errors ?? errors ?? {};
  return (
    <section aria-labelledby="add-edition" className="mt-8">
      <h2 id="add-edition" className="mb-2 text-lg font-semibold">
        Add an edition
      </h2>
      <Form
        method="post"
        noValidate
        onSubmit={checked.onSubmit}
        className="grid gap-4 rounded-lg border border-gray-200 bg-white p-4 sm:grid-cols-2 md:p-6"
      >
        <input type="hidden" name="intent" value="add" />
        <SettingsText
          field="tag"
          label="Language tag"
          value={values.tag}
          problem={shown.tag}
          maxLength={EDITION_LIMITS.tag}
          placeholder="tw"
          hint="Its addresses start with it (/tw/). It cannot be changed later."
        />
        <SettingsText
          field="name"
          label="Name"
          value={values.name}
          problem={shown.name}
          maxLength={EDITION_LIMITS.name}
          placeholder="Twi"
          hint="As its readers write it: the readers' language switcher shows it."
        />
        <div className="flex justify-end sm:col-span-2">
          <button
            type="submit"
            disabled={isAdding}
            className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-900 disabled:opacity-50"
          >
            {isAdding ? "Adding..." : "Add Edition"}
          </button>
        </div>
      </Form>
      <p className="mt-2 text-sm text-gray-600">{EDITION_TEXT.addedDetail}</p>
    </section>
  );
}

/** An edition's reader texts that show in English, and why (app/i18n/messages.server.ts's problems). */
export interface EditionMessagesRow {
  tag: string;
  name: string;
  total: number;
  problems: Array<{
    key: string;
    kind: keyof typeof EDITION_TEXT.messageProblems;
    english: string;
    detail?: string;
  }>;
}

/**
 * Each edition's untranslated reader texts beside their English, for its translators (decision record
 * 022, point 6). A `<details>` per edition: the list is long while a catalogue is young.
 */
export function EditionMessages({ editions }: { editions: EditionMessagesRow[] }) {
  if (editions.length === 0) return null;
  return (
    <section aria-labelledby="edition-messages" className="mt-8">
      <h2 id="edition-messages" className="text-lg font-semibold">
        {EDITION_TEXT.messagesTitle}
      </h2>
      <p className="mt-1 mb-3 max-w-3xl text-sm text-gray-600">{EDITION_TEXT.messagesIntro}</p>
      <div className="space-y-2">
        {editions.map((edition) => (
          <details
            key={edition.tag}
            data-edition-messages={edition.tag}
            className="rounded-lg border border-gray-200 bg-white"
          >
            <summary className="cursor-pointer px-4 py-2 text-sm font-medium">
              {edition.name} ({edition.tag}): {edition.total - edition.problems.length} of {edition.total}{" "}
              texts translated, {edition.problems.length} shown in English
            </summary>
            {edition.problems.length === 0 ? (
              <p className="px-4 pb-3 text-sm text-gray-600">{EDITION_TEXT.messagesComplete}</p>
            ) : (
              <div className="overflow-x-auto border-t border-gray-100">
                <table className="w-full text-left text-sm">
                  <thead className="bg-gray-50 text-xs tracking-wide text-gray-600 uppercase">
                    <tr>
                      <th scope="col" className="px-4 py-2">
                        Key
                      </th>
                      <th scope="col" className="px-4 py-2">
                        English
                      </th>
                      <th scope="col" className="px-4 py-2">
                        Why
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-gray-100">
                    {edition.problems.map((problem) => (
                      <tr key={problem.key}>
                        <td className="px-4 py-1.5 font-mono text-xs">{problem.key}</td>
                        <td className="px-4 py-1.5" lang="en">
                          {problem.english}
                        </td>
                        <td className="px-4 py-1.5 text-gray-700">
                          {EDITION_TEXT.messageProblems[problem.kind]}
                          {problem.detail ? ` ${problem.detail}` : ""}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </details>
        ))}
      </div>
    </section>
  );
}
