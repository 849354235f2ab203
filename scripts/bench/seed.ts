/**
 * The bench's content: the sample content of a first start, BENCH_ARTICLES generated published articles
 * (inserted 5,000 per statement) by BENCH_WRITERS writers with two tags each, and a photo-sized JPEG
 * uploaded through the media library's own upload function and set as the lead story's image; one
 * generated story runs live coverage (decision record 016) with LIVE_UPDATES published updates.
 *
 * Runs in the bench process before any server starts: `process.env.DATA_DIR` (and `DATABASE_URL`) must
 * be set before this module is imported, since the app reads its configuration once.
 */
import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { articlePath } from "#app/lib/paths";
import { shortSlug } from "#app/domain/articles/slugs.server";
import type { Db } from "#app/db/client.server";

const WORDS =
  "Accra Kumasi Tamale cocoa harvest market traders assembly minister parliament budget cedi inflation football Black Stars coach league festival Cape Coast chiefs council school teachers health clinic road project rainfall farmers fishermen port exports gold mining youth jobs technology startup bank loans transport fares election district".split(
    " ",
  );

/** Rows per INSERT (about 12 MB of JSON): bounded memory per statement, and a progress line now and then. */
const BATCH = 5_000;

const log = (line: string) => console.log(`[bench]   ${line}`);

/** A photo as a phone camera or agency sends it: 2400x1600, compressed to about 445 KB. */
const PHOTO = { width: 2400, height: 1600, targetBytes: 445_000 } as const;

/** Staff writers with author pages; each has a twentieth of the stories (5,000 at 100,000). */
export const BENCH_WRITERS = 20;

/** Tags; every story has two, so a tag page lists about a twentieth of them. */
const TAGS = [
  "Elections",
  "Cocoa",
  "Black Stars",
  "Cedi",
  "Floods",
  "Budget",
  "Mining",
  "Health",
  "Schools",
  "Roads",
  "Fishing",
  "Startups",
  "Banking",
  "Festivals",
  "Chiefs",
  "Transport",
  "Parliament",
  "Youth",
  "Exports",
  "Rainfall",
];
export const BENCH_TAG_SLUG = "black-stars";
export const BENCH_AUTHOR_SLUG = "bench-writer-7";

/**
 * A word only one story in RARE_EVERY has (about 100 at 100,000): the rare search. The common one is any
 * word of the vocabulary (a quarter of the stories each).
 */
export const RARE_WORD = "harmattan";
const RARE_EVERY = 997;
export const COMMON_WORD = "cocoa";

/** The generated story that runs live coverage, and its published updates (a page of the stream). */
export const LIVE_ARTICLE_INDEX = 1;
const LIVE_UPDATES = 20;

/** What a seeded data directory holds, so BENCH_DATA_DIR can be reused without seeding again. */
export interface SeedResult {
  /** Bumped when the generated content changes: an older seeded folder is not reused. */
  version: number;
  articles: number;
  /** Published stories the common and the rare word match, counted by the database after seeding. */
  matches: { common: number; rare: number };
  /** The lead story's address (its slug: the id answers 301). */
  leadArticlePath: string;
  leadImageUrl: string;
  leadImageBytes: number;
  /** The live story (decision record 016): its address and id (the back office posts to it by id). */
  live: { articlePath: string; articleId: string; updates: number };
  /** The seeded admin's sign-in e-mail (the password is ADMIN_PASSWORD). */
  adminEmail: string;
}

const MARKER = "bench-seed.json";
const SEED_VERSION = 6;

export function readSeedMarker(dataDir: string, articles: number): SeedResult | null {
  try {
    const marker = JSON.parse(fs.readFileSync(path.join(dataDir, MARKER), "utf8")) as SeedResult;
    return marker.articles === articles && marker.version === SEED_VERSION ? marker : null;
  } catch {
    return null;
  }
}

/**
 * A sentence on one of four topics (a quarter of the vocabulary each), so a search word matches about a
 * quarter of the articles, as a common word does on a real news site, rather than every one.
 */
function sentence(topic: number, seed: number, length: number): string {
  const size = Math.floor(WORDS.length / 4);
  const base = (topic % 4) * size;
  const picked: string[] = [];
  for (let i = 0; i < length; i++) picked.push(WORDS[base + ((seed * 7 + i * 3) % size)] ?? "");
  const text = picked.join(" ");
  return text.charAt(0).toUpperCase() + text.slice(1) + ".";
}

type SafeBody = typeof import("#app/lib/sanitize.server").safeBody;

const headlineOf = (i: number) => sentence(i, i, 7).slice(0, -1);

/**
 * One story in ten is the Twi edition's (decision record 022), its title with Twi letters: the sweep reads
 * edition pages as readers would, a tenth of the time. Its stories are spread over every category as the
 * main edition's are (numbered by story as they were, a tenth of the numbers fell in half the categories,
 * and the Twi category page the bench times listed none).
 */
export const BENCH_EDITION = "tw";
export const isEditionStory = (i: number) => i % 10 === 5;

/** Generated article `i`'s address (readable and unique: the number keeps equal headlines apart). */
export const generatedArticlePath = (i: number) =>
  `${isEditionStory(i) ? `/${BENCH_EDITION}` : ""}/article/${shortSlug(headlineOf(i))}-${i}`;

/**
 * Article `i` of the generated ones: about 2 KB of text in 8 paragraphs, an hour older than `i - 1`. Its
 * body is stored as the back office stores one (`safeBody`: sanitised, with the hash that vouches for
 * it); without the hash the server's first start re-sanitised all of them, rewriting every row.
 */
function generatedArticle(i: number, safeBody: SafeBody) {
  const headline = headlineOf(i);
  return {
    title: isEditionStory(i) ? `Kɔkɔɔ nsɛm: ${headline} (${i})` : `${headline} (${i})`,
    slug: `${shortSlug(headline)}-${i}`,
    language: isEditionStory(i) ? BENCH_EDITION : "en",
    excerpt: sentence(i, i + 1, 25) + (i % RARE_EVERY === 0 ? ` The ${RARE_WORD} came early.` : ""),
    writer: i % BENCH_WRITERS,
    tags: [TAGS[i % TAGS.length], TAGS[(i * 7 + 3) % TAGS.length]],
    ...safeBody(Array.from({ length: 8 }, (_, p) => `<p>${sentence(i, i + p, 40)}</p>`).join("")),
    category: isEditionStory(i) ? Math.floor(i / 10) : i,
    views: (i * 37) % 900,
    hoursAgo: i + 10,
  };
}

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
    sharp(pixels, { raw: { width, height, channels: 3 } })
      .jpeg({ quality })
      .toBuffer();
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
 * The main edition's published stories whose search vector matches `word`: the total the site's search
 * page must show (an edition's search counts its own stories, decision record 022).
 */
async function matchingStories(db: Db, word: string): Promise<number> {
  const { rowsOf } = await import("#app/domain/backup/query.server");
  const [row] = await rowsOf<{ total: number }>(
    db,
    sql`SELECT count(*)::int AS total FROM articles
        WHERE status = 'published' AND language = 'en'
          AND search_vector @@ websearch_to_tsquery(newsdesk_search_config('en'), ${word})`,
  );
  return Number(row?.total ?? 0);
}

/**
 * Migrates and seeds (sample content, the admin of ADMIN_PASSWORD), adds `count` published articles,
 * uploads the lead photo as the admin and sets it as the lead story's image. Writes the marker file.
 */
export async function seedBenchContent(dataDir: string, count: number): Promise<SeedResult> {
  const { prepareDatabase, refreshPlannerStatistics } = await import("../../server/start");
  const { articles, users } = await import("#app/db/schema");
  const { topStory } = await import("#app/domain/articles/public.server");
  const { uploadMedia } = await import("#app/domain/media/upload.server");
  const { mediaServicesFor } = await import("#app/domain/media/storage.server");
  const { config } = await import("#app/config.server");
  const database = await prepareDatabase();
  const { db } = database;
  try {
    await insertGeneratedStories(db, count);
    const live = await makeLive(db, generatedArticlePath(LIVE_ARTICLE_INDEX).slice("/article/".length));
    // As a site's first upkeep would (a minute after its start): statistics, visibility maps, GIN lists.
    await refreshPlannerStatistics(database);
    // On PostgreSQL that upkeep is autovacuum's, within a minute of a bulk load; a test server may run
    // without it (this machine's does), which left 100,000 stories never analysed: the planner guessed
    // 188 published rows and read the whole table for a tag page (493 ms p95 against 6 ms analysed).
    if (database.engine === "postgres") await db.execute(sql`VACUUM (ANALYZE)`);

    const [admin] = await db
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(eq(users.role, "admin"))
      .limit(1);
    if (!admin) throw new Error("[bench] the seeded database has no admin to upload as");
    const lead = await topStory(db, "en");
    if (!lead) throw new Error("[bench] the database has no lead story");
    const photo = await makeLeadPhoto();
    const uploaded = await uploadMedia(db, await mediaServicesFor(config()), admin, {
      mode: "file",
      name: "Bench lead photo",
      alt: "Traders at a market in Accra",
      description: "",
      tags: "",
      file: new File([new Uint8Array(photo)], "lead-photo.jpg", { type: "image/jpeg" }),
    });
    await db.update(articles).set({ imageUrl: uploaded.url }).where(eq(articles.id, lead.id));
    const result: SeedResult = {
      version: SEED_VERSION,
      articles: count,
      matches: { common: await matchingStories(db, COMMON_WORD), rare: await matchingStories(db, RARE_WORD) },
      leadArticlePath: articlePath(lead),
      leadImageUrl: uploaded.url,
      leadImageBytes: photo.length,
      live,
      adminEmail: admin.email,
    };
    fs.writeFileSync(path.join(dataDir, MARKER), JSON.stringify(result, null, 2));
    return result;
  } finally {
    await database.close();
  }
}

/** The writers, the Twi edition and `count` generated stories, in batches. */
async function insertGeneratedStories(db: Db, count: number) {
  await db.execute(sql`
    INSERT INTO users (id, email, name, role, slug)
    SELECT gen_random_uuid()::text, 'bench-writer-' || n || '@example.com', 'Bench Writer ' || n, 'writer',
           'bench-writer-' || n
    FROM generate_series(0, ${BENCH_WRITERS - 1}) AS n`);
  await db.execute(
    sql`INSERT INTO editions (tag, name, enabled, position) VALUES (${BENCH_EDITION}, 'Twi', true, 1)`,
  );
  const { safeBody } = await import("#app/lib/sanitize.server");
  const started = Date.now();
  for (let start = 0; start < count; start += BATCH) {
    const end = Math.min(start + BATCH, count);
    const rows = Array.from({ length: end - start }, (_, k) => generatedArticle(start + k, safeBody));
    // The text is made here and sent as one JSON parameter: making it in SQL took longer than the
    // insert itself, whose cost is the stored search vector of each row.
    await db.execute(sql`
      INSERT INTO articles (id, slug, title, language, excerpt, content, content_safe_hash, category_id,
                            author_id, author_name, tags, status, views, read_time, published_at, created_at)
      SELECT gen_random_uuid()::text, r.slug, r.title, r.language, r.excerpt, r.content, r."contentSafeHash",
             c.ids[r.category % array_length(c.ids, 1) + 1], w.id, w.name, r.tags, 'published', r.views,
             '2 min read', now() - make_interval(hours => r."hoursAgo"),
             now() - make_interval(hours => r."hoursAgo")
      FROM json_to_recordset(${JSON.stringify(rows)}::json)
             AS r(slug text, title text, language text, excerpt text, content text, "contentSafeHash" text,
                  category int, writer int,
                  tags text[],
                  views int, "hoursAgo" int)
           JOIN users w ON w.slug = 'bench-writer-' || r.writer,
           (SELECT array_agg(id ORDER BY name) AS ids FROM categories) AS c`);
    if (count > BATCH) log(`${end} articles (${((Date.now() - started) / 1000).toFixed(0)} s)`);
    // Lets a Ctrl-C in between batches (PGlite runs each statement without yielding).
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * Live coverage on the story of `slug`, started two hours ago, with LIVE_UPDATES published updates by
 * the admin, six minutes apart (the newest four minutes ago). The bodies are stored as the back office
 * stores them: sanitised, with the hash that vouches for it (`safeBody`).
 */
async function makeLive(db: Db, slug: string): Promise<SeedResult["live"]> {
  const { articles, users } = await import("#app/db/schema");
  const { safeBody } = await import("#app/lib/sanitize.server");
  const [admin] = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.role, "admin"))
    .limit(1);
  if (!admin) throw new Error("[bench] the seeded database has no admin to write the live updates");
  const [story] = await db
    .update(articles)
    .set({ liveStartedAt: sql`now() - interval '2 hours'`, liveEndedAt: null })
    .where(eq(articles.slug, slug))
    .returning({ id: articles.id, slug: articles.slug });
  if (!story) throw new Error(`[bench] no generated story ${slug} to make live`);
  const rows = Array.from({ length: LIVE_UPDATES }, (_, k) => {
    const body = safeBody(`<p>${sentence(k, k + 3, 30)}</p><p>${sentence(k + 1, k + 5, 20)}</p>`);
    return {
      title: `Update ${k + 1}: ${sentence(k, k, 6).slice(0, -1)}`,
      content: body.content,
      contentSafeHash: body.contentSafeHash,
      minutesAgo: 4 + (LIVE_UPDATES - 1 - k) * 6,
    };
  });
  await db.execute(sql`
    INSERT INTO live_updates (id, article_id, author_id, author_name, title, content, content_safe_hash,
                              status, created_at)
    SELECT gen_random_uuid()::text, ${story.id}, ${admin.id}, ${admin.name || admin.email}, r.title, r.content,
           r."contentSafeHash", 'published', now() - make_interval(mins => r."minutesAgo")
    FROM json_to_recordset(${JSON.stringify(rows)}::json)
           AS r(title text, content text, "contentSafeHash" text, "minutesAgo" int)`);
  return { articlePath: articlePath(story), articleId: story.id, updates: LIVE_UPDATES };
}
