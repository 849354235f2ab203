// A real SMTP server for the browser tests' e-mail journeys: the app sends to it through SMTP_URL, and
// the tests read what arrived over HTTP (GET /messages?to=<address>, newest last), as a person would open
// their inbox. Usage: node scripts/e2e-mailbox.mjs <smtp-port> <http-port>. Only 127.0.0.1.
import http from "node:http";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

const [smtpPort, httpPort] = process.argv.slice(2).map(Number);
if (!smtpPort || !httpPort) {
  console.error("usage: node scripts/e2e-mailbox.mjs <smtp-port> <http-port>");
  process.exit(2);
}

/** @type {Array<{ to: string[]; subject: string; text: string }>} */
const received = [];
const MAX_KEPT = 500;

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, session, callback) {
    simpleParser(stream)
      .then((parsed) => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          subject: parsed.subject ?? "",
          text: parsed.text ?? "",
        });
        if (received.length > MAX_KEPT) received.shift();
        callback();
      })
      .catch((error) => callback(error));
  },
});
smtp.listen(smtpPort, "127.0.0.1");

http
  .createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    if (url.pathname === "/healthz") return response.end("ok");
    if (url.pathname === "/messages") {
      const to = (url.searchParams.get("to") ?? "").toLowerCase();
      const messages = to ? received.filter((m) => m.to.includes(to)) : received;
      response.setHeader("Content-Type", "application/json");
      return response.end(JSON.stringify(messages));
    }
    response.statusCode = 404;
    response.end();
  })
  .listen(httpPort, "127.0.0.1");

for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => process.exit(0));
