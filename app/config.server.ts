/**
 * Configuration, read once from the environment and validated. Secrets never reach the browser:
 * nothing here is sent to a page.
 */
import path from "node:path";
import { z } from "zod";
import { invalid } from "#app/lib/errors";

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
  PAGE_CACHE_MB: z.coerce.number().int().min(1).max(16_384).default(64),
  SCHEDULER_INTERVAL_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  SMTP_URL: optional.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
  SMTP_FROM: optional,
  ALLOWED_HOSTS: optional,
});

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
   * Outgoing e-mail (app/domain/email/mailer.server.ts): `smtp://user:pass@host:587` or `smtps://…:465`.
   * Unset: the app sends no e-mail and says so where it would have.
   */
  smtpUrl?: string;
  /** The From address of outgoing e-mail; default `Newsdesk <no-reply@host of SMTP_URL>`. */
  smtpFrom?: string;
  /**
   * Host names (with a port when not the default) the site answers to, `ALLOWED_HOSTS=news.example.com,
   * www.news.example.com`: absolute links may be built from a request's Host only when it is one of these
   * (or this machine's own loopback name). Lower case.
   */
  allowedHosts: string[];
};

export function parseConfig(env: NodeJS.ProcessEnv): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    // One line that names each variable and what to do (the commands print it without a stack trace).
    // Values are not repeated: DATABASE_URL, SMTP_URL and ADMIN_PASSWORD hold secrets.
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
    smtpUrl: e.SMTP_URL,
    smtpFrom: e.SMTP_FROM,
    allowedHosts: (e.ALLOWED_HOSTS ?? "")
      .split(",")
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
  };
}

let cached: Config | undefined;
export function config(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}
