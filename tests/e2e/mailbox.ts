/**
 * The e-mail journeys' second site and its mailbox (playwright.config.ts starts both): the ports follow
 * the main site's E2E_PORT, so parallel runs on other ports do not meet.
 */
import { expect } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3100);
const sitePort = port + 1;
const httpPort = port + 2;
const smtpPort = port + 3;

export const MAIL = {
  sitePort,
  smtpPort,
  httpPort,
  site: `http://127.0.0.1:${sitePort}`,
  inbox: `http://127.0.0.1:${httpPort}`,
} as const;

export interface Message {
  to: string[];
  subject: string;
  text: string;
}

/** The newest e-mail to `address` once it has arrived (polled, as an inbox refreshes). */
export async function latestEmailTo(address: string, count = 1): Promise<Message> {
  let messages: Message[] = [];
  await expect
    .poll(
      async () => {
        const response = await fetch(`${MAIL.inbox}/messages?to=${encodeURIComponent(address)}`);
        messages = (await response.json()) as Message[];
        return messages.length;
      },
      { message: `an e-mail to ${address}`, timeout: 10_000 },
    )
    .toBeGreaterThanOrEqual(count);
  return messages[messages.length - 1]!;
}

/** The first link in an e-mail to a path of the site, made relative to it (the page's own base URL). */
export function linkIn(message: Message, path: string): string {
  const match = message.text.match(new RegExp(`https?://[^\\s/]+(${path}[^\\s]*)`));
  if (!match?.[1]) throw new Error(`no ${path} link in: ${message.text}`);
  return match[1];
}
