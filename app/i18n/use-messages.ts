/**
 * The page's messages for the components that show reader texts (decision record 022, point 6). Reader
 * pages are rendered on the server only (decision records 005 and 020), so the messages are formatted
 * there: both renderers provide them (`app/reader-pages.server.tsx`, `app/entry.server.tsx`), from
 * `messagesFor` in `messages.server.ts`, which alone loads the formatter.
 */
import { createContext, useContext } from "react";
import type { DateWords } from "#app/lib/dates";
import type { MessageKey, MessageValues } from "./messages/en";

export type { MessageKey, MessageValues };

/** A reader text in the page's language (English where the language has no good message for it). */
export type Translate = (key: MessageKey, values?: MessageValues) => string;

export interface PageMessages {
  /** The language whose catalogue is read first (the page's edition's tag). */
  language: string;
  t: Translate;
  /** Month and weekday names and relative times, for `app/lib/dates.ts`. */
  dateWords: DateWords;
}

export const MessagesContext = createContext<PageMessages | null>(null);

export function useMessages(): PageMessages {
  const messages = useContext(MessagesContext);
  if (!messages)
    throw new Error("[i18n] a reader text was asked for outside a renderer that provides the messages");
  return messages;
}

/** Where a slot's element goes in a formatted message: a character no message holds. */
const SLOT = "\u{E000}";

/**
 * A message around an element (a link, a time): the words before and after the slot argument, so a
 * language puts the element where its grammar wants it ("By {author}", "Try other words, or {link}.").
 */
export function messageAround(
  t: Translate,
  key: MessageKey,
  slot: string,
  values: MessageValues = {},
): [before: string, after: string] {
  const [before = "", after = ""] = t(key, { ...values, [slot]: SLOT }).split(SLOT);
  return [before, after];
}
