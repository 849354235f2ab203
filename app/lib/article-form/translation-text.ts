/**
 * The texts of a story's language and translations (decision record 022, point 3): the editor's language
 * select and Translations panel show them, the lists' Edition filter and language badge too, and the
 * server refuses with the same words.
 */
export const TRANSLATION_TEXT = {
  notAnEdition: "That language is not one of the site's editions.",
  languageTaken: "This story already has a version in that language.",
  movedLiveNeedsEditor: "Only an editor can move a published story to another edition.",
  languageLabel: "Language",
  /** A switched-off edition in the language select: readers cannot open it yet. */
  editionOff: (name: string) => `${name} (off)`,
  panelTitle: "Translations",
  startTranslation: "Start translation",
  untitled: "Untitled",
  /** A version this user may not open in the editor. */
  thisVersion: "This version",
  notStarted: "Not translated yet",
  startedTitle: "Translation started",
  startedMessage: "A draft linked to the original: write its title and body.",
  openedTitle: "Translation opened",
  openedMessage: "This story already had a version in that language: here it is.",
  startFailed: "The translation could not be started.",
  /** The original beside a translation, read-only. */
  original: (name: string) => `Original (${name})`,
  editionFilter: "Edition",
  allEditions: "All editions",
} as const;
