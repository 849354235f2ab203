/**
 * The Editions screen's forms (decision record 022, point 1): adding an edition (its tag and name) and
 * renaming one. Isomorphic: the browser checks a form before sending it, the server checks it again with
 * the same schema and texts; what needs the database (an edition already there, the main one's tag) is
 * refused by app/domain/editions/admin.server.ts with texts from here too.
 */
import { z } from "zod";
import { formTextField } from "#app/lib/form-fields";
import { EDITION_TAG_PATTERN, isReservedEditionTag } from "#app/lib/editions";

export const EDITION_LIMITS = {
  /** The `editions.name` column's length. */
  name: 60,
  /** Longer than any real tag (`tw`, `gaa`, `pt-br`), short enough to keep a typo on one line. */
  tag: 35,
} as const;

export const EDITION_TEXT = {
  title: "Editions",
  intro:
    "Each edition is the whole site in one language. The main edition is Settings → General's language, at the site's root; every other one lives under its tag (/tw/ for Twi). An edition is added switched off: its pages answer 404 until you switch it on.",
  added: "Edition added",
  addedDetail: "It stays switched off until its stories are ready and you switch it on.",
  renamed: "Edition renamed",
  moved: "Edition moved",
  switchedOn: "Edition switched on",
  switchedOnDetail: "Readers can open its pages now.",
  switchedOff: "Edition switched off",
  switchedOffDetail: "Its pages answer 404 until you switch it on again.",
  failed: "Error saving the edition. Please try again.",
  tagInvalid:
    "Use a language tag such as tw, gaa, ee, ha or dag: lower-case letters, 2 or 3, then optional parts like -gh.",
  tagTaken: "That language is already an edition.",
  tagIsMain:
    "That is the main edition's language: its stories are at the site's root. Choose it in Settings → General.",
  tagReserved:
    "That tag is an address the site already uses. Use the language's other code (for example its ISO 639-1 code).",
  nameRequired: "Enter the edition's name, as its readers write it (Twi, Gã, Eʋegbe).",
  nameTooLong: `The name must be at most ${EDITION_LIMITS.name} characters.`,
  notFound: "That edition no longer exists. Reload the page.",
  mainStaysOn:
    "The main edition cannot be switched off: it is the site's root. Choose another language in Settings → General first.",
  messagesTitle: "Reader texts",
  messagesIntro:
    "Every text of the reader pages comes from a catalogue per language. Where an edition's catalogue has no usable message, its readers see the English one: the list shows which, for the edition's translators.",
  messagesComplete: "Every reader text is translated.",
  /** Why a message shows in English, by `MessageProblem.kind` (app/i18n/messages.server.ts). */
  messageProblems: {
    missing: "Not translated",
    unparsable: "Cannot be read: a brace or a plural is written wrongly",
    arguments: "Names other {placeholders} than the English",
    plural: "Lacks plural forms:",
  },
  /** Settings → General: the language chosen is another edition's (its stories would merge with the main one's). */
  languageIsEdition:
    "That language is already an edition. Choose another, or manage editions in Settings → Editions.",
} as const;

const nameField = formTextField
  .transform((value) => value.trim())
  .pipe(z.string().min(1, EDITION_TEXT.nameRequired).max(EDITION_LIMITS.name, EDITION_TEXT.nameTooLong));

/** A tag as typed ("TW ", "Gaa") to the stored form: trimmed and lower-case, then checked. */
const tagField = formTextField
  .transform((value) => value.trim().toLowerCase())
  .pipe(
    z
      .string()
      .max(EDITION_LIMITS.tag, EDITION_TEXT.tagInvalid)
      .regex(EDITION_TAG_PATTERN, EDITION_TEXT.tagInvalid)
      .refine((tag) => !isReservedEditionTag(tag), EDITION_TEXT.tagReserved),
  );

export const addEditionSchema = z.object({ tag: tagField, name: nameField });
export const renameEditionSchema = z.object({ name: nameField });

export type AddEditionInput = z.infer<typeof addEditionSchema>;

/** The add form's fields as posted (what was typed, kept when it is refused). */
export interface AddEditionValues {
  tag: string;
  name: string;
}

export const EMPTY_ADD_EDITION: AddEditionValues = { tag: "", name: "" };
