/**
 * How the address of one of our uploads is stored: site-relative (`/media/<key>`), whatever host it was
 * written with (the address the site had before PUBLIC_URL or the Site URL was set, a copy of the media
 * library's "Copy URL" pasted into a field). A move to another address then breaks no stored photo;
 * what needs an absolute address (structured data, Open Graph, newsletters) makes one from the site's
 * origin when it renders (`absoluteUrl`), and an HTML `<img>` takes the path as it is.
 *
 * Only our own uploads are rewritten: an address whose 24-hex id is an item of the media table. An
 * address under MEDIA_PUBLIC_URL (a CDN or the bucket serving the files) is genuinely elsewhere and
 * stays absolute, as does every other site's photo, even another Newsdesk's (its ids are not ours).
 * Migration 0021 applied the same rule, in SQL, to the rows stored before.
 */
import { and, inArray, like, sql } from "drizzle-orm";
import type { DbOrTx } from "#app/db/client.server";
import { media } from "#app/db/schema";
import type { MediaServices } from "./storage.server";

/**
 * An absolute address of an app-served upload: any host, the path /media/<id>[-suffix].<ext> (the key
 * rule of storage-store.server.ts), ending where an attribute value or a URL ends.
 */
const ABSOLUTE_UPLOAD =
  /https?:\/\/[^\s"'<>/?#]+(\/media\/([0-9a-f]{24})(?:-[a-z0-9-]+)?\.[a-z0-9]{1,8})(?![\w.\-/])/gi;

/** The ids of our uploads named by absolute addresses in `texts` (URLs or HTML). */
function candidateIds(texts: readonly string[]): string[] {
  const ids = new Set<string>();
  for (const text of texts)
    for (const match of text.matchAll(ABSOLUTE_UPLOAD)) ids.add(match[2]!.toLowerCase());
  return [...ids];
}

/**
 * `texts` (single addresses or article HTML) with every absolute address of one of our uploads made
 * site-relative; anything else as it was. One query, only when an absolute upload address is there.
 */
export async function siteRelativeMediaUrls<T extends readonly string[]>(
  db: DbOrTx,
  store: MediaServices,
  texts: T,
): Promise<{ [K in keyof T]: string }> {
  const ids = candidateIds(texts);
  const ours = new Set<string>();
  if (ids.length > 0) {
    const rows = await db
      .select({ id: sql<string>`left(${media.storageKey}, 24)` })
      .from(media)
      // An item the app serves itself (its own address a path): one under MEDIA_PUBLIC_URL is elsewhere.
      .where(and(inArray(sql`left(${media.storageKey}, 24)`, ids), like(media.url, "/media/%")));
    for (const row of rows) ours.add(row.id);
  }
  const base = store.publicBase;
  return texts.map((text) =>
    ours.size === 0
      ? text
      : text.replace(ABSOLUTE_UPLOAD, (whole: string, path: string, id: string) =>
          ours.has(id.toLowerCase()) && !(base && whole.startsWith(`${base}/`)) ? path : whole,
        ),
  ) as { [K in keyof T]: string };
}
