/**
 * The texts of a story's language and translations (decision record 022, point 3): the editor's language
 * select and Translations panel show them, and the server refuses with the same words.
 */
export const TRANSLATION_TEXT = {
  notAnEdition: "That language is not one of the site's editions.",
  languageTaken: "This story already has a version in that language.",
  movedLiveNeedsEditor: "Only an editor can move a published story to another edition.",
} as const;
