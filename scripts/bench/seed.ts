/**
 * The bench's content: the sample content of a first start, BENCH_ARTICLES generated published articles
 * written by one INSERT ... SELECT generate_series per batch (100,000 in about a minute on PGlite, where
 * row-by-row inserts from JavaScript spent most of their time shipping parameters), and a photo-sized
 * JPEG uploaded through the media library's own upload function and set as the lead story's image.
 *
 * Runs in the bench process before any server starts: `process.env.DATA_DIR` (and `DATABASE_URL`) must
 * be set before this module is imported, since the app reads its configuration once.
 */
import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";

const WORDS =
  "Accra Kumasi Tamale cocoa harvest market traders assembly minister parliament budget cedi inflation football Black Stars coach league festival Cape Coast chiefs council school teachers health clinic road project rainfall farmers fishermen port exports gold mining youth jobs technology startup bank loans transport fares election district";

/** Rows per INSERT: bounded memory per statement, and a progress line now and then. */
const BATCH = 10_000;

/** A photo as a phone camera or agency sends it: 2400x1600, compressed to about 445 KB. */
const PHOTO = { width: 2400, height: 1600, targetBytes: 445_000 } as const;

/** What a seeded data directory holds, so BENCH_DATA_DIR can be reused without seeding again. */
export interface SeedResult {
  articles: number;
  leadArticleId: string;
  leadImageUrl: string;
  leadImageBytes: number;
}

const MARKER = "bench-seed.json";

export function readSeedMarker(dataDir: string, articles: number): SeedResult | null {
  try {
    const marker = JSON.parse(fs.readFileSync(path.join(dataDir, MARKER), "utf8")) as SeedResult;
    return marker.articles === articles ? marker : null;
  } catch {
    return null;
  }
}

/**
 * A sentence on one of four topics (a quarter of the vocabulary each), so a search word matches about a
 * quarter of the articles, as a common word does on a real news site, rather than every one.
 */
const SENTENCE_FUNCTION = sql.raw(`
  CREATE OR REPLACE FUNCTION pg_temp.bench_sentence(words text[], topic int, seed int, len int)
  RETURNS text LANGUAGE sql IMMUTABLE AS $$
    SELECT upper(left(t, 1)) || substr(t, 2) || '.'
    FROM (
      SELECT string_agg(
        words[(topic % 4) * (array_length(words, 1) / 4)
              + ((seed * 7 + k * 3) % (array_length(words, 1) / 4)) + 1], ' ' ORDER BY k) AS t
      FROM generate_series(0, len - 1) AS k
    ) AS s
  $$`);

/**
 * A JPEG that compresses like a photograph (smooth light, edges and sensor noise), its quality searched
 * (at most 8 encodings) for the size closest to PHOTO.targetBytes. The noise is seeded, so every run
 * uploads the same bytes.
 */
export async function makeLeadPhoto(): Promise<Buffer> {
  const { width, height } = PHOTO;
  const pixels = Buffer.alloc(width * height * 3);
  let state = 0x2545f491;
  const noise = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return ((state >>> 0) % 41) - 20;
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 3;
      const sky = y < height * 0.45 + Math.sin(x / 180) * 90;
      const base = sky
        ? [120 + (y / height) * 90, 160 + (y / height) * 60, 215]
        : [90 + Math.sin(x / 37) * 30, 110 + Math.cos(y / 23) * 35, 60 + ((x + y) % 97) / 3];
      for (let c = 0; c < 3; c++) pixels[o + c] = Math.max(0, Math.min(255, (base[c] ?? 0) + noise()));
    }
  }
  const encode = (quality: number) =>
    sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality }).toBuffer();
  let low = 10;
  let high = 100;
  let best = await encode(75);
  for (let step = 0; step < 7 && low <= high; step++) {
    const quality = Math.round((low + high) / 2);
    const jpeg = await encode(quality);
    if (Math.abs(jpeg.length - PHOTO.targetBytes) < Math.abs(best.length - PHOTO.targetBytes)) best = jpeg;
    if (jpeg.length > PHOTO.targetBytes) high = quality - 1;
    else low = quality + 1;
  }
  return best;
}

/**
 * Migrates and seeds (sample content, the admin of ADMIN_PASSWORD), adds `count` published articles,
 * uploads the lead photo as the admin and sets it as the lead story's image. Writes the marker file.
 */
export async function seedBenchContent(dataDir: string, count: number): Promise<SeedResult> {
  const { prepareDatabase } = await import("../../server/start");
  const { articles, users } = await import("#app/db/schema");
  const { topStory } = await import("#app/domain/articles/public.server");
  const { uploadMedia } = await import("#app/domain/media/upload.server");
  const database = await prepareDatabase();
  const { db } = database;
  try {
    const started = Date.now();
    for (let start = 0; start < count; start += BATCH) {
      const end = Math.min(start + BATCH, count) - 1;
      // One transaction per batch: on PostgreSQL a pg_temp function lives in one pooled connection.
      await db.transaction(async (tx) => {
        await tx.execute(SENTENCE_FUNCTION);
        await tx.execute(sql`
        WITH w AS (SELECT string_to_array(${WORDS}, ' ') AS words),
             c AS (SELECT array_agg(id ORDER BY name) AS ids FROM categories)
        INSERT INTO articles (id, title, excerpt, content, category_id, author_name, status, views,
                              read_time, published_at, created_at)
        SELECT gen_random_uuid()::text,
               left(pg_temp.bench_sentence(w.words, i, i, 7), -1) || ' (' || i || ')',
               pg_temp.bench_sentence(w.words, i, i + 1, 25),
               (SELECT string_agg('<p>' || pg_temp.bench_sentence(w.words, i, i + p, 40) || '</p>', '' ORDER BY p)
                  FROM generate_series(0, 7) AS p),
               c.ids[i % array_length(c.ids, 1) + 1],
               'Bench Writer', 'published', (i * 37) % 900, '2 min read',
               now() - make_interval(hours => i + 10), now() - make_interval(hours => i + 10)
        FROM generate_series(${start}::int, ${end}::int) AS i, w, c`);
      });
      if (count > BATCH)
        console.log(`[bench]   ${end + 1} articles (${((Date.now() - started) / 1000).toFixed(0)} s)`);
    }
    await db.execute(sql`ANALYZE`);

    const [admin] = await db
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(eq(users.role, "admin"))
      .limit(1);
    if (!admin) throw new Error("[bench] the seeded database has no admin to upload as");
    const lead = await topStory(db);
    if (!lead) throw new Error("[bench] the database has no lead story");
    const photo = await makeLeadPhoto();
    const uploaded = await uploadMedia(db, admin, {
      mode: "file",
      name: "Bench lead photo",
      alt: "Traders at a market in Accra",
      description: "",
      tags: "",
      file: new File([new Uint8Array(photo)], "lead-photo.jpg", { type: "image/jpeg" }),
    });
    await db.update(articles).set({ imageUrl: uploaded.url }).where(eq(articles.id, lead.id));
    const result: SeedResult = {
      articles: count,
      leadArticleId: lead.id,
      leadImageUrl: uploaded.url,
      leadImageBytes: photo.length,
    };
    fs.writeFileSync(path.join(dataDir, MARKER), JSON.stringify(result, null, 2));
    return result;
  } finally {
    await database.close();
  }
}
