/**
 * One SMTP connection that sends messages one at a time, for bulk sending (the newsletter, decision record
 * 018), with a moment kept just before each message's last line: `beforeLastLine` runs once the whole message
 * has been written to the mail server, and the final "." that commits it is written only when that resolves.
 * The newsletter records the delivery as `sending` there, so a sender killed at any moment has recorded every
 * message the mail server could have taken, and `sent` once `send` resolves (the server's 250; decision
 * record 018).
 *
 * Nodemailer's connection does the protocol (EHLO, STARTTLS, AUTH, PIPELINING, dot-stuffing); the
 * message stream it is given holds back its end. Any failure closes the connection: the next message
 * opens a new one (a mail server drops a connection that stopped in the middle of a message).
 */
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import DKIM, { type DKIMOptions } from "nodemailer/lib/dkim";
import MailComposer from "nodemailer/lib/mail-composer";
import { parseConnectionUrl } from "nodemailer/lib/shared";
import SMTPConnection from "nodemailer/lib/smtp-connection";

export interface BulkMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
  /**
   * The same for every copy of this message, so that a copy sent again after a crash is one message to
   * a mailbox that honours it (decision record 018).
   */
  messageId?: string;
}

/**
 * Where a message failed: the mail server refused this recipient (`recipient`), or this message after
 * its end (`message`); or nothing was decided about this message at all (`server`: no connection, a
 * refused sign-in or sender, a connection lost), which says nothing about the reader's address.
 */
export type SmtpFailureStage = "recipient" | "message" | "server";

/** Why a message was not taken, and whether its last line had gone out. */
export interface SmtpSendError extends Error {
  stage: SmtpFailureStage;
  /** The mail server's reply code, when it answered (550, 421...). */
  code: number | undefined;
  /** A 5xx: refused for good. */
  isPermanent: boolean;
  /** The final "." was written: with no reply, the server may have taken the message. */
  isAfterLastLine: boolean;
}

export interface SmtpSession {
  send(message: BulkMessage, beforeLastLine: () => Promise<void>): Promise<void>;
  close(): void;
}

/**
 * The message as the mail server receives it (headers and MIME parts, DKIM-signed when `dkim` is given),
 * and its envelope's bare addresses.
 */
async function composed(message: BulkMessage, dkim: DKIMOptions | undefined) {
  const mime = new MailComposer({
    from: message.from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    headers: message.headers,
    messageId: message.messageId,
  }).compile();
  const raw = await mime.build();
  return { raw: dkim ? await buffer(new DKIM(dkim).sign(raw)) : raw, envelope: mime.getEnvelope() };
}

export function openSmtpSession(smtpUrl: string, dkim?: DKIMOptions): SmtpSession {
  const { auth, ...options } = parseConnectionUrl(smtpUrl) as ReturnType<typeof parseConnectionUrl> & {
    auth?: { user: string; pass: string };
  };
  let ready: Promise<SMTPConnection> | null = null;

  function connection(): Promise<SMTPConnection> {
    ready ??= new Promise<SMTPConnection>((resolve, reject) => {
      const smtp = new SMTPConnection({ ...options, connectionTimeout: 30_000, socketTimeout: 60_000 });
      smtp.once("error", reject);
      smtp.on("end", () => {
        if (ready) ready = null;
      });
      smtp.connect(() => {
        if (!auth?.user) return resolve(smtp);
        smtp.login(auth, (error) => (error ? reject(error) : resolve(smtp)));
      });
    }).catch((error: unknown) => {
      ready = null;
      throw error;
    });
    return ready;
  }

  function drop() {
    const current = ready;
    ready = null;
    void current?.then((smtp) => smtp.close()).catch(() => {});
  }

  return {
    async send(message, beforeLastLine) {
      const { raw, envelope } = await composed(message, dkim);
      let isAfterLastLine = false;
      let smtp: SMTPConnection;
      try {
        smtp = await connection();
      } catch (error) {
        throw failure(error, false);
      }
      let isBodyWritten = false;
      let marking: Promise<void> | undefined;
      const body = new Readable({
        read() {
          if (!isBodyWritten) {
            isBodyWritten = true;
            this.push(raw);
            return;
          }
          // Everything but the final "." is with the mail server: record, then let it end.
          marking = beforeLastLine();
          marking.then(
            () => {
              isAfterLastLine = true;
              this.push(null);
            },
            (error: unknown) => this.destroy(error as Error),
          );
        },
      });
      try {
        await new Promise<void>((resolve, reject) => {
          smtp.send(envelope, body, (error) => (error ? reject(error) : resolve()));
        });
      } catch (error) {
        // The connection's state is unknown after a failure in the middle of a message: start afresh.
        drop();
        // A connection lost while the record was being made: the caller hears of it once the record is
        // made (or refused), so that it sees a marked message whose "." never went, and can undo the mark.
        await marking?.catch(() => {});
        throw failure(error, isAfterLastLine);
      }
    },
    close: drop,
  };
}

function failure(error: unknown, isAfterLastLine: boolean): SmtpSendError {
  const failed = error as { message?: string; responseCode?: number; command?: string; code?: string };
  const code = failed.responseCode || undefined;
  // ESTREAM: our own end of the message failed (the record before the "." could not be made).
  const command = failed.code === "ESTREAM" ? "STREAM" : failed.command;
  return Object.assign(new Error(failed.message ?? String(error)), {
    stage: stageOf(command, code),
    code,
    // A message Nodemailer itself refuses (an address it cannot use) will never go either.
    isPermanent: (code !== undefined && code >= 500) || (code === undefined && command === "API"),
    isAfterLastLine,
  });
}

/**
 * A reply to RCPT TO is about the reader's address; one to DATA (before or after the message) or
 * Nodemailer's own refusal ("API") is about this message. Anything else (the connection, EHLO, AUTH,
 * MAIL FROM, a line lost without a reply) is about the server and says nothing of this reader.
 */
function stageOf(command: string | undefined, code: number | undefined): SmtpFailureStage {
  if (command === "RCPT TO" && code !== undefined) return "recipient";
  if ((command === "DATA" && code !== undefined) || command === "API") return "message";
  return "server";
}
