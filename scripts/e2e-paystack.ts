// The Paystack stand-in for the browser journeys (decision record 021: tests never call Paystack): the
// test servers' Paystack protocol (tests/support/paystack-server.ts) on a fixed port, its pay page posting
// the signed webhook to the e-mail site. Usage:
//   node --import tsx scripts/e2e-paystack.ts <port> <secret-key> <webhook-url>. Only 127.0.0.1.
import { startPaystackServer } from "../tests/support/paystack-server";

const [port, secretKey, webhookUrl] = process.argv.slice(2);
if (!Number(port) || !secretKey || !webhookUrl) {
  console.error("usage: node --import tsx scripts/e2e-paystack.ts <port> <secret-key> <webhook-url>");
  process.exit(2);
}

const server = await startPaystackServer({ port: Number(port), secretKey, webhookUrl });
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.on(signal, () => void server.close().then(() => process.exit(0)));
