/**
 * The app's one way to send e-mail: SMTP through `SMTP_URL` (nodemailer). Newsletter confirmations use
 * it today; staff e-mail (password reset, invitations, decision record 010) is meant to use it too.
 *
 * Without `SMTP_URL` nothing is sent: `isEmailConfigured()` says so, and callers choose what to do
 * instead (the newsletter confirms a signup directly; staff screens keep the set-password path).
 */
import nodemailer, { type Transporter } from "nodemailer";
import type { DKIMOptions } from "nodemailer/lib/dkim";
import { config, type DkimSettings } from "#app/config.server";
import { logFailure } from "#app/lib/log.server";

export interface OutgoingEmail {
  to: string;
  subject: string;
  /** The plain-text body: every message has one, so it reads in any mail client. */
  text: string;
  html?: string;
}

export interface MailSettings {
  smtpUrl?: string;
  smtpFrom?: string;
  /** Signs every message (DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY) when set. */
  dkim?: DkimSettings;
}

/**
 * The headers a DKIM signature covers: Nodemailer's list (RFC 6376 5.4.1's) plus `List-Unsubscribe-Post`,
 * which it lacks. RFC 8058 3.3: a mail client offers one-click unsubscribe only when the signature
 * covers both `List-Unsubscribe` and `List-Unsubscribe-Post`.
 */
export const DKIM_SIGNED_HEADERS = [
  "From",
  "Sender",
  "Reply-To",
  "Subject",
  "Date",
  "Message-ID",
  "To",
  "Cc",
  "MIME-Version",
  "Content-Type",
  "Content-Transfer-Encoding",
  "In-Reply-To",
  "References",
  "List-Id",
  "List-Unsubscribe",
  "List-Unsubscribe-Post",
].join(":");

/** Nodemailer's DKIM options for these settings (undefined: unsigned). */
export function dkimOptions(dkim: DkimSettings | undefined): DKIMOptions | undefined {
  return dkim && { ...dkim, headerFieldNames: DKIM_SIGNED_HEADERS };
}

/** Whether the app can send e-mail at all (the UI asks before offering what needs it). */
export function isEmailConfigured(cfg: MailSettings = config()): boolean {
  return Boolean(cfg.smtpUrl);
}

/** `Newsdesk <no-reply@mail.example>` from the SMTP server's host, unless SMTP_FROM says otherwise. */
export function senderAddress(cfg: MailSettings = config()): string {
  if (cfg.smtpFrom) return cfg.smtpFrom;
  const host = cfg.smtpUrl ? new URL(cfg.smtpUrl).hostname : "localhost";
  return `Newsdesk <no-reply@${host}>`;
}

// One pooled transport per SMTP address: opening a connection per message costs a TLS handshake each.
const transports = new Map<string, Transporter>();

function transportFor(smtpUrl: string): Transporter {
  let transport = transports.get(smtpUrl);
  if (!transport) {
    transport = nodemailer.createTransport(smtpUrl);
    transports.set(smtpUrl, transport);
  }
  return transport;
}

/**
 * Sends one message. Throws when e-mail is not configured or the server refuses it: the caller decides
 * whether that is the reader's problem (usually not: log it and carry on).
 */
export async function sendEmail(message: OutgoingEmail, cfg: MailSettings = config()): Promise<void> {
  if (!cfg.smtpUrl) throw new Error("E-mail is not configured (SMTP_URL is not set)");
  await transportFor(cfg.smtpUrl).sendMail({
    from: senderAddress(cfg),
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    dkim: dkimOptions(cfg.dkim),
  });
}

// Mail handed off by sendEmailInBackground and not yet accepted or refused.
const inFlight = new Set<Promise<void>>();

/**
 * Sends one message after the caller has answered: a reader's request must not wait for the mail server
 * (a signup took 130-160 ms for a new address and 14-37 ms for a known one while the mail was sent in the
 * request, which told a stranger who reads the newsletter). A failure is logged with `failureLog`
 * ("[area] what failed") for the operator; the asker has had their answer.
 */
export function sendEmailInBackground(message: OutgoingEmail, cfg: MailSettings, failureLog: string): void {
  const sending: Promise<void> = sendEmail(message, cfg)
    .catch((error: unknown) => logFailure(failureLog, error))
    .finally(() => inFlight.delete(sending));
  inFlight.add(sending);
}

/** Resolves once every message sent in the background has been accepted or refused (tests, shutdown). */
export async function backgroundMailSettled(): Promise<void> {
  while (inFlight.size > 0) await Promise.all(inFlight);
}

/** Closes the pooled connections (tests, shutdown). */
export function closeMailTransports() {
  for (const transport of transports.values()) transport.close();
  transports.clear();
}
