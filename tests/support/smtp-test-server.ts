/**
 * A real SMTP server inside the test process (`smtp-server`), on a random 127.0.0.1 port, that keeps
 * every message it receives, parsed (`mailparser`). Tests send through the app's own mailer to
 * `server.smtpUrl` and read what arrived: the links in it are followed like a reader would.
 */
import type { AddressInfo } from "node:net";
import { buffer } from "node:stream/consumers";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface ReceivedEmail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Header lines by lower-case name (the last of a repeated one). */
  headers: Record<string, string>;
  /** The message as the server received it, byte for byte (for checking a DKIM signature). */
  raw: Buffer;
}

export interface TestSmtpServer {
  /** `smtp://127.0.0.1:<port>`, for `SMTP_URL` or the mailer's settings. */
  smtpUrl: string;
  received: ReceivedEmail[];
  /** Resolves with the first message to `to` (already received or still to come), or fails after `timeoutMs`. */
  waitFor(to: string, timeoutMs?: number): Promise<ReceivedEmail>;
  clear(): void;
  close(): Promise<void>;
}

export interface TestSmtpOptions {
  /**
   * Holds every message this long before accepting it (a slow or distant mail server): the sender's
   * `sendMail` does not resolve, and `received` does not list it, until then.
   */
  acceptAfterMs?: number;
  /**
   * The reply code to refuse a recipient with (a 550 for an unknown mailbox, a 451 to say "later"), or
   * undefined to take it. Asked at RCPT TO, as a mail server decides.
   */
  refuseRecipient?: (address: string) => number | undefined;
}

export async function startTestSmtpServer(options: TestSmtpOptions = {}): Promise<TestSmtpServer> {
  const received: ReceivedEmail[] = [];
  const waiters: Array<{ to: string; resolve: (m: ReceivedEmail) => void }> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(address, _session, callback) {
      const code = options.refuseRecipient?.(address.address.toLowerCase());
      if (code === undefined) return callback();
      callback(
        Object.assign(new Error(code >= 500 ? "No such mailbox here" : "Try again later"), {
          responseCode: code,
        }),
      );
    },
    onData(stream, session, callback) {
      buffer(stream)
        .then(async (raw) => {
          const parsed = await simpleParser(raw);
          if (options.acceptAfterMs)
            await new Promise((resolve) => setTimeout(resolve, options.acceptAfterMs));
          const message: ReceivedEmail = {
            from: parsed.from?.text ?? "",
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
            html: typeof parsed.html === "string" ? parsed.html : "",
            headers: Object.fromEntries(
              parsed.headerLines.map(({ key, line }) => [key, line.slice(line.indexOf(":") + 1).trim()]),
            ),
            raw,
          };
          received.push(message);
          for (const waiter of waiters.splice(0)) {
            if (message.to.includes(waiter.to)) waiter.resolve(message);
            else waiters.push(waiter);
          }
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  // A sender killed in the middle of a message resets its connection: a mail server carries on.
  server.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "ECONNRESET") console.error("[test smtp]", error);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    smtpUrl: `smtp://127.0.0.1:${port}`,
    received,
    waitFor(to, timeoutMs = 5000) {
      const address = to.toLowerCase();
      const already = received.find((m) => m.to.includes(address));
      if (already) return Promise.resolve(already);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`No e-mail to ${address} within ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiters.push({
          to: address,
          resolve: (m) => {
            clearTimeout(timer);
            resolve(m);
          },
        });
      });
    },
    clear() {
      received.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
