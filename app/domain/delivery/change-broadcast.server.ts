/**
 * Several Newsdesk instances on one PostgreSQL database each keep their own page cache and in-memory
 * settings. A change saved on one reaches the others through PostgreSQL's LISTEN/NOTIFY within
 * milliseconds, so no instance keeps serving what another has changed. The embedded database has one
 * process only and needs none of this.
 */
import { randomUUID } from "node:crypto";
import pg from "pg";
import type { Db } from "#app/db/client.server";
import { broadcastSiteChanges, receivedSiteChange, type SiteChange } from "./site-changes.server";

const CHANNEL = "newsdesk_site_changes";

interface Message {
  from: string;
  change: SiteChange;
}

const isMessage = (value: unknown): value is Message =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as Message).from === "string" &&
  typeof (value as Message).change === "object";

/** Starts sending this instance's changes and receiving the others'; resolves to a stop function. */
export async function shareSiteChanges(db: Db, databaseUrl: string): Promise<() => Promise<void>> {
  const instance = randomUUID();
  const listener = new pg.Client({ connectionString: databaseUrl });
  listener.on("error", (error) => console.error("[site-changes] listener connection failed", error));
  await listener.connect();
  listener.on("notification", ({ payload }) => {
    try {
      const message: unknown = JSON.parse(payload ?? "");
      if (isMessage(message) && message.from !== instance) receivedSiteChange(db, message.change);
    } catch (error) {
      console.error("[site-changes] unreadable notification", error);
    }
  });
  await listener.query(`LISTEN ${CHANNEL}`);

  const sender = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  sender.on("error", (error) => console.error("[site-changes] sender connection failed", error));
  const stopSending = broadcastSiteChanges(db, (change) => {
    const message: Message = { from: instance, change };
    sender
      .query("SELECT pg_notify($1, $2)", [CHANNEL, JSON.stringify(message)])
      .catch((error: unknown) => console.error("[site-changes] could not tell the other instances", error));
  });
  return async () => {
    stopSending();
    await Promise.allSettled([listener.end(), sender.end()]);
  };
}
