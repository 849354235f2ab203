/**
 * The services a test builds (app/services.server.ts), with real parts: media in a real local folder
 * (a fresh temporary one unless the test names its own, or its s3rver bucket's store), a real mailer
 * (sending nothing unless the test gives it its SMTP server), a real push network (public addresses
 * only, unless the test gives it the push service it runs, tests/support/push-service-double.ts), no
 * payment provider unless the test gives it its Paystack stand-in (tests/support/paystack-server.ts), no
 * cache in front unless the test gives it one, and the system clock unless the test sets the time.
 */
import { randomBytes } from "node:crypto";
import os from "node:os";
import path from "node:path";
import type { Db } from "#app/db/client.server";
import { createMailer, type MailSettings } from "#app/domain/email/mailer.server";
import { localMediaStore } from "#app/domain/media/storage-local.server";
import type { MediaServices } from "#app/domain/media/storage.server";
import type { MediaStore } from "#app/domain/media/storage-store.server";
import { createPaystackProvider, type PaystackSettings } from "#app/domain/payments/paystack.server";
import { createPushNetwork, type TestPushServiceAccess } from "#app/domain/push/push-network.server";
import { systemClock, type Clock, type Services } from "#app/services.server";
import type { CacheTier } from "#app/domain/delivery/cache-tiers/tier.server";

export interface TestServicesOptions {
  /** Media: a folder, a store, or media services as they are; else a fresh temporary folder. */
  media?: string | MediaStore | MediaServices;
  /** MEDIA_PUBLIC_URL, for a folder or a store given above. */
  mediaPublicUrl?: string;
  /** The mailer's settings (the test's SMTP server); else e-mail is not configured. */
  mail?: MailSettings;
  /** The push service the test runs: its origin is let through, trusting its certificate. */
  pushService?: TestPushServiceAccess;
  /** The Paystack stand-in the test runs (tests/support/paystack-server.ts); else no payments. */
  paystack?: PaystackSettings;
  /** The caches in front the test runs or stands in for (decision record 023); else none. */
  cacheTiers?: CacheTier[];
  clock?: Clock;
}

/** A folder under the system's temporary folder that nothing has made yet (the store makes it on use). */
export const freshMediaFolder = () =>
  path.join(os.tmpdir(), `newsdesk-test-media-${randomBytes(6).toString("hex")}`);

function mediaOf(options: TestServicesOptions): MediaServices {
  const { media = freshMediaFolder(), mediaPublicUrl } = options;
  if (typeof media === "string") return { store: localMediaStore(media), publicBase: mediaPublicUrl };
  if ("store" in media) return media;
  return { store: media, publicBase: mediaPublicUrl };
}

/** Services over the test's database; close them with `closeServices` when a mailer or push service was given. */
export function testServices(db: Db, options: TestServicesOptions = {}): Services {
  return {
    db,
    media: mediaOf(options),
    mailer: createMailer(options.mail ?? {}),
    push: createPushNetwork({ testService: options.pushService }),
    payments: options.paystack ? createPaystackProvider(options.paystack) : null,
    cacheTiers: options.cacheTiers ?? [],
    clock: options.clock ?? systemClock,
  };
}

/** A clock that says `at` until it is moved. */
export function fixedClock(at: Date | string | number) {
  let now = new Date(at);
  return {
    now: () => new Date(now),
    set(at: Date | string | number) {
      now = new Date(at);
    },
  };
}
