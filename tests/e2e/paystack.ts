/**
 * The Paystack stand-in the e-mail site pays through in the browser journeys (playwright.config.ts starts
 * it with scripts/e2e-paystack.ts): on the port after the mailbox's, with a fixed test key the site is
 * given as PAYSTACK_SECRET_KEY. Tests never call Paystack (decision record 021).
 */
import { MAIL } from "./mailbox";

const port = MAIL.smtpPort + 1;

export const PAYSTACK = {
  port,
  apiUrl: `http://127.0.0.1:${port}`,
  /** Only this stand-in knows it: it signs the webhooks the site checks. */
  secretKey: "sk_test_e2e0000000000000000000000000000000000",
  /** Where the stand-in posts `charge.success` when a reader approves: the e-mail site's webhook. */
  webhookUrl: `${MAIL.site}/webhooks/paystack`,
} as const;
