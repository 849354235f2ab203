/**
 * The site's VAPID key pair (RFC 8292): push services accept an alert only when it is signed with the
 * key the browser subscribed with, so every instance must use the same one, for as long as there are
 * subscriptions. VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY set it; otherwise the first instance that needs it
 * makes one and keeps it in the database, and whoever loses that race reads the winner's.
 */
import webpush from "web-push";
import { config } from "#app/config.server";
import type { DbOrTx } from "#app/db/client.server";
import { webPushKeys } from "#app/db/schema";
import { remembered } from "#app/lib/remembered.server";

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

async function loadKeys(db: DbOrTx): Promise<VapidKeys> {
  const configured = config().webPush.keys;
  if (configured) return configured;
  const made = webpush.generateVAPIDKeys();
  await db
    .insert(webPushKeys)
    .values({ id: 1, ...made })
    .onConflictDoNothing();
  const [kept] = await db
    .select({ publicKey: webPushKeys.publicKey, privateKey: webPushKeys.privateKey })
    .from(webPushKeys)
    .limit(1);
  if (!kept) throw new Error("[push] the VAPID keys could not be kept");
  return kept;
}

/** Kept in memory per database: they never change while it runs. */
const rememberedKeys = remembered(loadKeys);

export const vapidKeys = (db: DbOrTx) => rememberedKeys.get(db);

/** The public half, which reader pages hand to the browser's `pushManager.subscribe`. */
export const vapidPublicKey = async (db: DbOrTx) => (await vapidKeys(db)).publicKey;
