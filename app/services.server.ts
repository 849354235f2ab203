/**
 * The process's services: the database, the media store, the mailer, the push network, the payment
 * provider, the caches in front and the clock,
 * built once per process from the configuration by `openServices` (server/serve.ts for a serving process
 * and each worker, scripts/ for the command-line tools) and handed to every request in its load context
 * (`context.services`, app/context.ts) and to every background job (server/site-jobs.ts). Domain code
 * takes the part it needs as an argument, never through a module-level lookup; tests build their own
 * with real parts (tests/support/services.ts). docs/architecture.md, "Services".
 */
import type { Config } from "#app/config.server";
import { cacheTiersFor, type CacheTier } from "#app/domain/delivery/cache-tiers/tiers.server";
import type { Db } from "#app/db/client.server";
import { createMailer, type Mailer } from "#app/domain/email/mailer.server";
import { mediaServicesFor, type MediaServices } from "#app/domain/media/storage.server";
import { createPaystackProvider } from "#app/domain/payments/paystack.server";
import type { PaymentProvider } from "#app/domain/payments/provider.server";
import { createPushNetwork, type PushNetwork } from "#app/domain/push/push-network.server";
import { systemClock, testClockFromFile, type Clock } from "#app/lib/clock.server";

// Where the domain takes the time from, re-exported: code that takes the services names it here.
export { systemClock, testClockFromFile, type Clock };

export interface Services {
  db: Db;
  media: MediaServices;
  mailer: Mailer;
  push: PushNetwork;
  /** Reader payments (decision record 021): Paystack when PAYSTACK_SECRET_KEY is set, else none sold. */
  payments: PaymentProvider | null;
  /** The shared caches in front that a change purges (decision record 023): none unless configured. */
  cacheTiers: CacheTier[];
  clock: Clock;
}

/**
 * The services of one process, from its configuration and its open database. A server checks the media
 * store before it opens the database (server/serve.ts) and hands that one in.
 */
export async function openServices(
  cfg: Config,
  db: Db,
  { media }: { media?: MediaServices } = {},
): Promise<Services> {
  return {
    db,
    media: media ?? (await mediaServicesFor(cfg)),
    mailer: createMailer(cfg),
    push: createPushNetwork({ testServiceFile: cfg.webPush.unsafeTestServiceFile }),
    payments: cfg.paystack ? createPaystackProvider(cfg.paystack) : null,
    cacheTiers: cacheTiersFor(cfg.cacheTiers),
    // Unset, as on every real site: the system clock as it is, no file read.
    clock: cfg.unsafeTestClockFile ? testClockFromFile(cfg.unsafeTestClockFile) : systemClock,
  };
}

/**
 * Lets go of what the services hold besides the database (the mailer's pooled SMTP connections, the push
 * agents' sockets) once the mail handed to them is settled: the database is its owner's to close.
 */
export async function closeServices(services: Services): Promise<void> {
  await services.mailer.settled();
  services.mailer.close();
  services.push.close();
}
