/**
 * The app's one way to send e-mail: SMTP through `SMTP_URL` (nodemailer), as the process's mailer
 * (`createMailer`, built once with the other services in app/services.server.ts). Newsletter
 * confirmations and staff e-mail (password reset, invitations, decision record 010) use it.
 *
 * Without `SMTP_URL` nothing is sent: `mailer.isConfigured()` says so, and callers choose what to do
 * instead (the newsletter confirms a signup directly; staff screens keep the set-password path).
 */
import nodemailer, { type Transporter } from "nodemailer";
import type { DKIMOptions } from "nodemailer/lib/dkim";
import type { DkimSettings } from "#app/config.server";
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

/** `Newsdesk <no-reply@mail.example>` from the SMTP server's host, unless SMTP_FROM says otherwise. */
export function senderAddress(cfg: MailSettings): string {
  if (cfg.smtpFrom) return cfg.smtpFrom;
  const host = cfg.smtpUrl ? new URL(cfg.smtpUrl).hostname : "localhost";
  return `Newsdesk <no-reply@${host}>`;
}

/**
 * The mail part of the process's services (app/services.server.ts): sends with its settings (SMTP_URL,
 * SMTP_FROM, DKIM) over one pooled transport of its own, and keeps the mail it sends in the background
 * until it is settled. The process closes it when it stops (server/serve.ts), after `settled()`.
 */
export interface Mailer {
  readonly settings: MailSettings;
  /** Whether it can send at all (SMTP_URL set): callers choose what to do instead. */
  isConfigured(): boolean;
  /** Sends one message; throws when e-mail is not configured or the server refuses it. */
  send(message: OutgoingEmail): Promise<void>;
  /**
   * Sends one message after the caller has answered: a reader's request must not wait for the mail
   * server (a signup took 130-160 ms for a new address and 14-37 ms for a known one while the mail was
   * sent in the request, which told a stranger who reads the newsletter). A failure is logged with
   * `failureLog` ("[area] what failed") for the operator; the asker has had their answer.
   */
  sendInBackground(message: OutgoingEmail, failureLog: string): void;
  /** Resolves once every message sent in the background has been accepted or refused. */
  settled(): Promise<void>;
  /** Closes the pooled connection. */
  close(): void;
}

export function createMailer(settings: MailSettings): Mailer {
  const { smtpUrl, smtpFrom, dkim } = settings;
  const ownSettings: MailSettings = { smtpUrl, smtpFrom, dkim };
  // One pooled transport: opening a connection per message costs a TLS handshake each.
  let transport: Transporter | undefined;
  const inFlight = new Set<Promise<void>>();
  const send = async (message: OutgoingEmail) => {
    if (!smtpUrl) throw new Error("E-mail is not configured (SMTP_URL is not set)");
    transport ??= nodemailer.createTransport(smtpUrl);
    await transport.sendMail({
      from: senderAddress(ownSettings),
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      dkim: dkimOptions(dkim),
    });
  };
  return {
    settings: ownSettings,
    isConfigured: () => Boolean(smtpUrl),
    send,
    sendInBackground(message, failureLog) {
      const sending: Promise<void> = send(message)
        .catch((error: unknown) => logFailure(failureLog, error))
        .finally(() => inFlight.delete(sending));
      inFlight.add(sending);
    },
    async settled() {
      while (inFlight.size > 0) await Promise.all(inFlight);
    },
    close() {
      transport?.close();
      transport = undefined;
    },
  };
}
