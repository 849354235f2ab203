/**
 * Configuration, read once from the environment and validated. Secrets never reach the browser:
 * nothing here is sent to a page.
 */
import { createPrivateKey } from "node:crypto";
import os from "node:os";
import path from "node:path";
import { z } from "zod";
import { invalid } from "#app/lib/errors";
import { LOG_LEVELS, type LogLevel } from "#app/lib/log.server";

/** The most worker processes WEB_CONCURRENCY may ask for (and the most the default gives). */
export const MAX_WORKERS = 64;
const WORKERS_RULE = { error: `expected a whole number of worker processes from 1 to ${MAX_WORKERS}` };

const optional = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== "" ? v.trim() : undefined));

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: optional.pipe(
    z
      .url({
        protocol: /^postgres(ql)?$/,
        error: "expected a PostgreSQL address, postgres://user:password@host:5432/database",
      })
      .optional(),
  ),
  ADMIN_EMAIL: optional.pipe(z.email().optional()),
  ADMIN_PASSWORD: optional.pipe(z.string().min(6).optional()),
  PUBLIC_URL: optional.pipe(z.url().optional()),
  BUILD_DIR: z.string().default("build"),
  TRUST_PROXY: z.coerce.number().int().min(0).default(0),
  MIGRATIONS_DIR: z.string().default("drizzle"),
  TEST_DATABASE_URL: optional,
  PAGE_CACHE: z.enum(["on", "off"]).optional(),
  PAGE_CACHE_MB: z.coerce.number().int().min(1).max(16_384).default(32),
  SCHEDULER_INTERVAL_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  LOG_LEVEL: optional.pipe(
    z
      .enum(LOG_LEVELS, { error: `expected one of ${LOG_LEVELS.join(", ")}` })
      .optional()
      .default("info"),
  ),
  WEB_CONCURRENCY: optional.pipe(
    z.coerce
      .number<string>(WORKERS_RULE)
      .int(WORKERS_RULE)
      .min(1, WORKERS_RULE)
      .max(MAX_WORKERS, WORKERS_RULE)
      .optional(),
  ),
  PAYSTACK_SECRET_KEY: optional,
  PAYSTACK_API_URL: optional.pipe(z.url({ protocol: /^https?$/ }).optional()),
  SMTP_URL: optional.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
  SMTP_FROM: optional,
  DKIM_DOMAIN: optional.pipe(
    z
      .string()
      .regex(
        /^(?!-)[A-Za-z0-9-]{1,63}(\.(?!-)[A-Za-z0-9-]{1,63})+$/,
        "expected a domain such as news.example.com",
      )
      .optional(),
  ),
  DKIM_SELECTOR: optional.pipe(
    z
      .string()
      .regex(
        /^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/,
        "expected a selector such as newsdesk (its key is at newsdesk._domainkey.<domain>)",
      )
      .optional(),
  ),
  DKIM_PRIVATE_KEY: optional,
  ALLOWED_HOSTS: optional,
  S3_BUCKET: optional.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{2,254}$/, "expected a bucket name such as newsdesk-media")
      .optional(),
  ),
  S3_ENDPOINT: optional.pipe(
    z
      .url({ protocol: /^https?$/, error: "expected the storage's address, e.g. https://s3.example.com" })
      .optional(),
  ),
  S3_REGION: optional.pipe(
    z
      .string()
      .regex(/^[a-z0-9-]{2,40}$/, "expected a region name such as us-east-1 (auto for Cloudflare R2)")
      .optional(),
  ),
  S3_FORCE_PATH_STYLE: optional.pipe(
    z.enum(["true", "false", "1", "0"], { error: "expected true or false" }).optional(),
  ),
  AWS_ACCESS_KEY_ID: optional,
  AWS_SECRET_ACCESS_KEY: optional,
  AWS_SESSION_TOKEN: optional,
  MEDIA_PUBLIC_URL: optional.pipe(
    z
      .url({ protocol: /^https?$/, error: "expected an address such as https://cdn.example.com/media" })
      .optional(),
  ),
  VAPID_PUBLIC_KEY: optional.pipe(
    z
      .string()
      .regex(
        /^[A-Za-z0-9_-]{87}$/,
        "expected the 65-byte public key, URL-safe base64 (npx web-push generate-vapid-keys)",
      )
      .optional(),
  ),
  VAPID_PRIVATE_KEY: optional.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, "expected the 32-byte private key, URL-safe base64")
      .optional(),
  ),
  VAPID_SUBJECT: optional.pipe(
    z
      .string()
      .regex(
        /^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/,
        "expected mailto:newsroom@example.com or an https:// address",
      )
      .optional(),
  ),
  PUSH_ALERTS_PER_HOUR: z.coerce.number().int().min(0).max(1000).default(6),
  UNSAFE_TEST_PUSH_SERVICE: optional,
  UNSAFE_TEST_CLOCK_FILE: optional,
  NEWSLETTER_SEND_RATE: z.coerce.number().int().min(1).max(100_000).default(600),
  VARNISH_URLS: optional.pipe(
    z
      .string()
      .refine(
        (value) => value.split(",").every((one) => /^https?:\/\/[^\s,/]+\/?$/.test(one.trim())),
        "expected Varnish servers' addresses, comma-separated: http://127.0.0.1:6081,http://10.0.0.6:6081",
      )
      .optional(),
  ),
  CLOUDFLARE_ZONE_ID: optional.pipe(
    z.string().regex(/^[0-9a-f]{32}$/, "expected the zone's id: 32 hexadecimal digits (the zone's Overview page)").optional(),
  ),
  CLOUDFLARE_API_TOKEN: optional,
  CLOUDFLARE_API_URL: optional.pipe(z.url({ protocol: /^https?$/ }).optional()),
  FASTLY_SERVICE_ID: optional.pipe(
    z.string().regex(/^[A-Za-z0-9]{10,40}$/, "expected the service's id, e.g. SU1Z0isxPaozGVKXdv0eY").optional(),
  ),
  FASTLY_API_TOKEN: optional,
  FASTLY_API_URL: optional.pipe(z.url({ protocol: /^https?$/ }).optional()),
});

/** The settings of the shared caches in front that go in pairs (decision record 023). */
const TIER_PAIRS = [
  ["CLOUDFLARE_ZONE_ID", "CLOUDFLARE_API_TOKEN"],
  ["FASTLY_SERVICE_ID", "FASTLY_API_TOKEN"],
] as const;

/** Settings that mean something only with S3_BUCKET: set alone, they are a mistake to point out. */
const S3_ONLY = ["S3_ENDPOINT", "S3_REGION", "S3_FORCE_PATH_STYLE"] as const;

/** Any S3-compatible store's address and bucket (app/domain/media/storage-s3.server.ts). */
export interface S3Settings {
  bucket: string;
  /** Unset: AWS S3 itself, by region. */
  endpoint?: string;
  region: string;
  /** `host/bucket/key` addresses instead of `bucket.host/key`: MinIO, Ceph and most stores besides AWS. */
  forcePathStyle: boolean;
  /** Unset: the AWS SDK's own search (its shared files, an instance or container role). */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
}

export type Config = {
  env: "development" | "production" | "test";
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  adminEmail?: string;
  adminPassword?: string;
  publicUrl?: string;
  /** Where `react-router build` put the app (production). */
  buildDir: string;
  /** Express `trust proxy`: how many proxies in front of us set X-Forwarded-For (0: none). */
  trustProxy: number;
  /** The SQL migrations applied at start (drizzle-kit writes them to ./drizzle). */
  migrationsDir: string;
  /** A PostgreSQL server the integration tests also run on (each run makes and drops its own database). */
  testDatabaseUrl?: string;
  /**
   * The in-process page cache for anonymous readers (server/page-cache.ts): `PAGE_CACHE=off` turns it
   * off whatever Settings → Advanced says; its memory is capped at `PAGE_CACHE_MB`. In development
   * (`npm run dev`) it is off unless `PAGE_CACHE=on`: an edit shows on the next reload, not an hour later.
   */
  pageCache: { enabled: boolean; maxBytes: number };
  /**
   * The longest the scheduled-publishing loop sleeps (`SCHEDULER_INTERVAL_MS`, default 15 s): stories
   * scheduled on this instance go live at their minute; those scheduled on another within this time.
   */
  schedulerIntervalMs: number;
  /**
   * The least level of event the log writes (`LOG_LEVEL`, default `info`; app/lib/log.server.ts reads
   * it as the process starts, this refuses a misspelt one at start).
   */
  logLevel: LogLevel;
  /**
   * How many worker processes serve the site (`WEB_CONCURRENCY`, server/workers.ts): by default one per
   * core on PostgreSQL, one on the embedded database, which only one process may open (decision record
   * 015). `isExplicit`: set in the environment, so the log says when it cannot be followed.
   */
  webConcurrency: { workers: number; isExplicit: boolean };
  /**
   * Outgoing e-mail (app/domain/email/mailer.server.ts): `smtp://user:pass@host:587` or `smtps://…:465`.
   * Unset: the app sends no e-mail and says so where it would have.
   */
  smtpUrl?: string;
  /** The From address of outgoing e-mail; default `Newsdesk <no-reply@host of SMTP_URL>`. */
  smtpFrom?: string;
  /**
   * DKIM signing of every outgoing e-mail (`DKIM_DOMAIN`, `DKIM_SELECTOR`, `DKIM_PRIVATE_KEY`: all three
   * or none): mail clients honour a newsletter's one-click unsubscribe (RFC 8058) only when a DKIM
   * signature covers its List-Unsubscribe headers. The key is an RSA private key in PEM.
   */
  dkim?: DkimSettings;
  /**
   * Host names (with a port when not the default) the site answers to, `ALLOWED_HOSTS=news.example.com,
   * www.news.example.com`: absolute links may be built from a request's Host only when it is one of these
   * (or this machine's own loopback name). Lower case.
   */
  allowedHosts: string[];
  /**
   * Where uploads are stored (app/domain/media/storage.server.ts): the local disk under
   * `DATA_DIR/media`, or an S3-compatible bucket when `S3_BUCKET` is set (decision record 013).
   */
  mediaStorage: { kind: "local" } | ({ kind: "s3" } & S3Settings);
  /**
   * `MEDIA_PUBLIC_URL`: the address a CDN or the bucket serves stored files at (no trailing slash); new
   * uploads link there. Unset: the app serves them at /media/<key>.
   */
  mediaPublicUrl?: string;
  /**
   * Web push (app/domain/push/): the VAPID key pair when set (both or neither; else one is made and kept
   * in the database), the contact push services may write to, and how many alerts an hour may send.
   * `unsafeTestServiceFile` (`UNSAFE_TEST_PUSH_SERVICE`): browser tests only, the file in which a test
   * names the push service it runs on 127.0.0.1 (app/domain/push/push-network.server.ts); never set it
   * on a real site.
   */
  webPush: {
    keys?: { publicKey: string; privateKey: string };
    subject?: string;
    alertsPerHour: number;
    unsafeTestServiceFile?: string;
  };
  /**
   * Newsletter sending (app/domain/newsletter/sender.server.ts): mails a minute at most
   * (`NEWSLETTER_SEND_RATE`, default 600), whichever instance holds the send.
   */
  newsletterSendRate: number;
  /**
   * Reader payments through Paystack (app/domain/payments/, decision record 021): the secret key
   * (`PAYSTACK_SECRET_KEY`, which also signs its webhooks) and its API's address (`PAYSTACK_API_URL`,
   * default Paystack's own). Without a key nothing is sold and the offers say payments are not set up.
   */
  paystack?: { secretKey: string; apiUrl: string };
  /**
   * The shared caches in front whose copies a change purges (decision record 023): Varnish servers
   * (`VARNISH_URLS`), Cloudflare (`CLOUDFLARE_ZONE_ID`, `CLOUDFLARE_API_TOKEN`) and Fastly
   * (`FASTLY_SERVICE_ID`, `FASTLY_API_TOKEN`); their APIs' addresses default to the providers' own
   * (`CLOUDFLARE_API_URL`, `FASTLY_API_URL`: a test's stand-in). Public answers carry the tag header of
   * each tier set here, and only those.
   */
  cacheTiers: {
    varnishUrls: string[];
    /** `apiUrl` unset: the provider's own (cache-tiers/cloudflare.server.ts, fastly.server.ts). */
    cloudflare?: { zoneId: string; apiToken: string; apiUrl?: string };
    fastly?: { serviceId: string; apiToken: string; apiUrl?: string };
  };
  /**
   * `UNSAFE_TEST_CLOCK_FILE`: browser tests only, a file holding how many milliseconds the site's clock
   * (the services' `clock`, app/services.server.ts) runs ahead of the system's, so a journey can see a
   * pass run out; never set it on a real site.
   */
  unsafeTestClockFile?: string;
};

/** Paystack's API, when PAYSTACK_API_URL does not name another (a test's stand-in). */
export const PAYSTACK_DEFAULT_API_URL = "https://api.paystack.co";

export interface DkimSettings {
  domainName: string;
  keySelector: string;
  /** PEM; `\n` written as two characters (one line in a settings file) is read as a line break. */
  privateKey: string;
}

const DKIM_NAMES = ["DKIM_DOMAIN", "DKIM_SELECTOR", "DKIM_PRIVATE_KEY"] as const;

/** The PEM of DKIM_PRIVATE_KEY, with `\n` as line breaks (a settings file holds it on one line). */
const dkimKeyPem = (value: string) => value.replace(/\\n/g, "\n");

/** Why DKIM_PRIVATE_KEY cannot sign, or null: nodemailer signs with RSA (rsa-sha256) only. */
function dkimKeyProblem(value: string): string | null {
  try {
    const key = createPrivateKey(dkimKeyPem(value));
    return key.asymmetricKeyType === "rsa"
      ? null
      : "expected an RSA private key (rsa-sha256), not " + key.asymmetricKeyType;
  } catch {
    return "expected an RSA private key in PEM (-----BEGIN PRIVATE KEY----- ...)";
  }
}

/** The problems of the settings that go in pairs (S3, VAPID, DKIM), each as `VARIABLE: what to do`. */
function pairedProblems(e: z.infer<typeof envSchema>): string[] {
  const problems: string[] = [];
  const dkimSet = DKIM_NAMES.filter((name) => e[name] !== undefined);
  if (dkimSet.length > 0)
    for (const name of DKIM_NAMES)
      if (e[name] === undefined)
        problems.push(
          `${name}: is missing; set DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY, or none of them`,
        );
  if (e.DKIM_PRIVATE_KEY) {
    const problem = dkimKeyProblem(e.DKIM_PRIVATE_KEY);
    if (problem) problems.push(`DKIM_PRIVATE_KEY: ${problem}`);
  }
  if (!e.S3_BUCKET)
    for (const name of S3_ONLY)
      if (e[name] !== undefined)
        problems.push(`${name}: is set but S3_BUCKET is not; set S3_BUCKET to store media in a bucket`);
  if (Boolean(e.AWS_ACCESS_KEY_ID) !== Boolean(e.AWS_SECRET_ACCESS_KEY))
    problems.push(
      `${e.AWS_ACCESS_KEY_ID ? "AWS_SECRET_ACCESS_KEY" : "AWS_ACCESS_KEY_ID"}: is missing; set both AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or neither`,
    );
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY))
    problems.push(
      `${e.VAPID_PUBLIC_KEY ? "VAPID_PRIVATE_KEY" : "VAPID_PUBLIC_KEY"}: is missing; set both VAPID keys, or neither (one pair is then made and kept in the database)`,
    );
  return problems;
}

function mediaStorageOf(e: z.infer<typeof envSchema>): Config["mediaStorage"] {
  if (!e.S3_BUCKET) return { kind: "local" };
  return {
    kind: "s3",
    bucket: e.S3_BUCKET,
    endpoint: e.S3_ENDPOINT?.replace(/\/+$/, ""),
    // Any region will do for most stores besides AWS; the SDK needs one to sign requests.
    region: e.S3_REGION ?? "us-east-1",
    forcePathStyle: e.S3_FORCE_PATH_STYLE === "true" || e.S3_FORCE_PATH_STYLE === "1",
    credentials:
      e.AWS_ACCESS_KEY_ID && e.AWS_SECRET_ACCESS_KEY
        ? {
            accessKeyId: e.AWS_ACCESS_KEY_ID,
            secretAccessKey: e.AWS_SECRET_ACCESS_KEY,
            ...(e.AWS_SESSION_TOKEN ? { sessionToken: e.AWS_SESSION_TOKEN } : {}),
          }
        : undefined,
  };
}

export function parseConfig(env: NodeJS.ProcessEnv): Config {
  const parsed = envSchema.safeParse(env);
  const problemList = parsed.success
    ? [...pairedProblems(parsed.data), ...tierProblems(parsed.data)]
    : parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
  if (!parsed.success || problemList.length > 0) {
    const problems = problemList.join("; ");
    // One line that names each variable and what to do (the commands print it without a stack trace).
    // Values are not repeated: DATABASE_URL, SMTP_URL, ADMIN_PASSWORD, the AWS and DKIM keys hold secrets.
    throw invalid(
      `Invalid configuration: ${problems}. Correct the environment variable (or unset it for its default) and start again.`,
    );
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === "production";
  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    adminEmail: e.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ""),
    trustProxy: e.TRUST_PROXY,
    buildDir: path.resolve(e.BUILD_DIR),
    migrationsDir: path.resolve(e.MIGRATIONS_DIR),
    testDatabaseUrl: e.TEST_DATABASE_URL,
    pageCache: {
      enabled: (e.PAGE_CACHE ?? (e.NODE_ENV === "development" ? "off" : "on")) === "on",
      maxBytes: e.PAGE_CACHE_MB * 1024 * 1024,
    },
    schedulerIntervalMs: e.SCHEDULER_INTERVAL_MS,
    logLevel: e.LOG_LEVEL,
    webConcurrency: {
      workers: e.WEB_CONCURRENCY ?? (e.DATABASE_URL ? Math.min(os.availableParallelism(), MAX_WORKERS) : 1),
      isExplicit: e.WEB_CONCURRENCY !== undefined,
    },
    smtpUrl: e.SMTP_URL,
    smtpFrom: e.SMTP_FROM,
    dkim:
      e.DKIM_DOMAIN && e.DKIM_SELECTOR && e.DKIM_PRIVATE_KEY
        ? {
            domainName: e.DKIM_DOMAIN.toLowerCase(),
            keySelector: e.DKIM_SELECTOR,
            privateKey: dkimKeyPem(e.DKIM_PRIVATE_KEY),
          }
        : undefined,
    allowedHosts: (e.ALLOWED_HOSTS ?? "")
      .split(",")
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    mediaStorage: mediaStorageOf(e),
    mediaPublicUrl: e.MEDIA_PUBLIC_URL?.replace(/\/+$/, ""),
    webPush: {
      keys:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
          : undefined,
      subject: e.VAPID_SUBJECT,
      alertsPerHour: e.PUSH_ALERTS_PER_HOUR,
      unsafeTestServiceFile: e.UNSAFE_TEST_PUSH_SERVICE,
    },
    newsletterSendRate: e.NEWSLETTER_SEND_RATE,
    paystack: e.PAYSTACK_SECRET_KEY
      ? {
          secretKey: e.PAYSTACK_SECRET_KEY,
          apiUrl: (e.PAYSTACK_API_URL ?? PAYSTACK_DEFAULT_API_URL).replace(/\/+$/, ""),
        }
      : undefined,
    cacheTiers: cacheTiersOf(e),
    unsafeTestClockFile: e.UNSAFE_TEST_CLOCK_FILE,
  };
}

function cacheTiersOf(e: z.infer<typeof envSchema>): Config["cacheTiers"] {
  return {
    varnishUrls: (e.VARNISH_URLS ?? "")
      .split(",")
      .map((url) => url.trim().replace(/\/+$/, ""))
      .filter(Boolean),
    cloudflare:
      e.CLOUDFLARE_ZONE_ID && e.CLOUDFLARE_API_TOKEN
        ? {
            zoneId: e.CLOUDFLARE_ZONE_ID,
            apiToken: e.CLOUDFLARE_API_TOKEN,
            apiUrl: e.CLOUDFLARE_API_URL,
          }
        : undefined,
    fastly:
      e.FASTLY_SERVICE_ID && e.FASTLY_API_TOKEN
        ? {
            serviceId: e.FASTLY_SERVICE_ID,
            apiToken: e.FASTLY_API_TOKEN,
            apiUrl: e.FASTLY_API_URL,
          }
        : undefined,
  };
}

/** A tier's id without its token, or its token without the id: each said, as the other paired settings are. */
function tierProblems(e: z.infer<typeof envSchema>): string[] {
  return TIER_PAIRS.flatMap(([id, token]) =>
    Boolean(e[id]) === Boolean(e[token])
      ? []
      : [`${e[id] ? token : id}: is missing; set both ${id} and ${token}, or neither`],
  );
}

let cached: Config | undefined;
export function config(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}
