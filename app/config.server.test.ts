import { generateKeyPairSync } from "node:crypto";
import os from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { parseConfig } from "./config.server";

describe("parseConfig", () => {
  test("defaults: port 3000, ./data resolved, development, no database URL, no admin, no page cache", () => {
    const config = parseConfig({});
    expect(config).toEqual({
      env: "development",
      isProduction: false,
      port: 3000,
      host: "0.0.0.0",
      dataDir: path.resolve("data"),
      databaseUrl: undefined,
      adminEmail: undefined,
      adminPassword: undefined,
      publicUrl: undefined,
      trustProxy: 0,
      buildDir: path.resolve("build"),
      migrationsDir: path.resolve("drizzle"),
      testDatabaseUrl: undefined,
      pageCache: { enabled: false, maxBytes: 32 * 1024 * 1024 },
      schedulerIntervalMs: 15_000,
      logLevel: "info",
      webConcurrency: { workers: 1, isExplicit: false },
      smtpUrl: undefined,
      smtpFrom: undefined,
      dkim: undefined,
      allowedHosts: [],
      mediaStorage: { kind: "local" },
      mediaPublicUrl: undefined,
      webPush: { keys: undefined, subject: undefined, alertsPerHour: 6 },
      newsletterSendRate: 600,
      cacheTiers: { varnishUrls: [], cloudflare: undefined, fastly: undefined },
      unsafeTestClockFile: undefined,
    });
    expect(path.isAbsolute(config.dataDir)).toBe(true);
  });

  test("the caches in front: Varnish servers comma-separated, Cloudflare's zone and Fastly's service each with its token", () => {
    const zone = "0123456789abcdef0123456789abcdef";
    expect(
      parseConfig({
        VARNISH_URLS: " http://127.0.0.1:6081/ , http://10.0.0.6:6081",
        CLOUDFLARE_ZONE_ID: zone,
        CLOUDFLARE_API_TOKEN: "cf-token",
        FASTLY_SERVICE_ID: "SU1Z0isxPaozGVKXdv0eY",
        FASTLY_API_TOKEN: "fastly-token",
        FASTLY_API_URL: "http://127.0.0.1:9999",
      }).cacheTiers,
    ).toEqual({
      varnishUrls: ["http://127.0.0.1:6081", "http://10.0.0.6:6081"],
      cloudflare: { zoneId: zone, apiToken: "cf-token", apiUrl: undefined },
      fastly: { serviceId: "SU1Z0isxPaozGVKXdv0eY", apiToken: "fastly-token", apiUrl: "http://127.0.0.1:9999" },
    });
    expect(() => parseConfig({ CLOUDFLARE_ZONE_ID: zone })).toThrow(
      /CLOUDFLARE_API_TOKEN: is missing; set both CLOUDFLARE_ZONE_ID and CLOUDFLARE_API_TOKEN, or neither/,
    );
    expect(() => parseConfig({ FASTLY_API_TOKEN: "t" })).toThrow(/FASTLY_SERVICE_ID: is missing/);
    expect(() => parseConfig({ VARNISH_URLS: "varnish-1:6081" })).toThrow(/VARNISH_URLS: expected Varnish servers' addresses/);
    expect(() => parseConfig({ CLOUDFLARE_ZONE_ID: "example.com", CLOUDFLARE_API_TOKEN: "t" })).toThrow(
      /CLOUDFLARE_ZONE_ID: expected the zone's id/,
    );
  });

  test("LOG_LEVEL names the least level the log writes", () => {
    expect(parseConfig({ LOG_LEVEL: "debug" }).logLevel).toBe("debug");
    expect(parseConfig({ LOG_LEVEL: " warn " }).logLevel).toBe("warn");
    expect(parseConfig({ LOG_LEVEL: "" }).logLevel).toBe("info");
  });

  test("DKIM: domain, selector and an RSA key in PEM (all three or none; a one-line key's \\n read as line breaks)", () => {
    const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 1024 });
    const pem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
    const oneLine = pem.trim().replace(/\n/g, "\\n");
    expect(
      parseConfig({ DKIM_DOMAIN: "News.Example.com", DKIM_SELECTOR: "newsdesk", DKIM_PRIVATE_KEY: oneLine })
        .dkim,
    ).toEqual({ domainName: "news.example.com", keySelector: "newsdesk", privateKey: pem.trim() });
    expect(() => parseConfig({ DKIM_DOMAIN: "news.example.com" })).toThrow(
      /DKIM_SELECTOR: is missing.*DKIM_PRIVATE_KEY: is missing/,
    );
    const wrong = { DKIM_DOMAIN: "news.example.com", DKIM_SELECTOR: "newsdesk" };
    expect(() => parseConfig({ ...wrong, DKIM_PRIVATE_KEY: "not a key" })).toThrow(
      /DKIM_PRIVATE_KEY: expected an RSA private key in PEM/,
    );
    const ed25519 = generateKeyPairSync("ed25519").privateKey.export({ type: "pkcs8", format: "pem" });
    expect(() => parseConfig({ ...wrong, DKIM_PRIVATE_KEY: ed25519.toString() })).toThrow(
      /DKIM_PRIVATE_KEY: expected an RSA private key \(rsa-sha256\), not ed25519/,
    );
    // The key is a secret: never repeated in the message.
    expect(() => parseConfig({ ...wrong, DKIM_PRIVATE_KEY: "secret-key-text" })).not.toThrow(
      /secret-key-text/,
    );
    expect(() =>
      parseConfig({ DKIM_DOMAIN: "not a domain", DKIM_SELECTOR: "x", DKIM_PRIVATE_KEY: pem }),
    ).toThrow(/DKIM_DOMAIN: expected a domain/);
  });

  test("web push: the VAPID pair from the environment (both or neither), its contact and the hourly cap", () => {
    const publicKey = `B${"a".repeat(86)}`;
    const privateKey = "b".repeat(43);
    expect(
      parseConfig({
        VAPID_PUBLIC_KEY: publicKey,
        VAPID_PRIVATE_KEY: privateKey,
        VAPID_SUBJECT: "mailto:newsroom@example.com",
        PUSH_ALERTS_PER_HOUR: "2",
      }).webPush,
    ).toEqual({ keys: { publicKey, privateKey }, subject: "mailto:newsroom@example.com", alertsPerHour: 2 });
    expect(() => parseConfig({ VAPID_PUBLIC_KEY: publicKey })).toThrow(/VAPID_PRIVATE_KEY: is missing/);
    expect(() => parseConfig({ VAPID_PUBLIC_KEY: "short", VAPID_PRIVATE_KEY: privateKey })).toThrow(
      /VAPID_PUBLIC_KEY: expected the 65-byte public key/,
    );
    expect(() => parseConfig({ VAPID_SUBJECT: "newsroom@example.com" })).toThrow(/VAPID_SUBJECT/);
  });

  test("S3_BUCKET stores media in that bucket, with its endpoint, region, path style and AWS keys", () => {
    const config = parseConfig({
      S3_BUCKET: " newsdesk-media ",
      S3_ENDPOINT: "https://minio.example.com:9000/",
      S3_REGION: "eu-west-1",
      S3_FORCE_PATH_STYLE: "true",
      AWS_ACCESS_KEY_ID: "AKIAEXAMPLE",
      AWS_SECRET_ACCESS_KEY: "secret",
      MEDIA_PUBLIC_URL: "https://cdn.example.com/media/",
    });
    expect(config.mediaStorage).toEqual({
      kind: "s3",
      bucket: "newsdesk-media",
      endpoint: "https://minio.example.com:9000",
      region: "eu-west-1",
      forcePathStyle: true,
      credentials: { accessKeyId: "AKIAEXAMPLE", secretAccessKey: "secret" },
    });
    expect(config.mediaPublicUrl).toBe("https://cdn.example.com/media");
  });

  test("S3 on AWS: no endpoint, region us-east-1 unless S3_REGION, virtual-host addresses, the SDK's own credentials", () => {
    expect(parseConfig({ S3_BUCKET: "media", S3_FORCE_PATH_STYLE: "0" }).mediaStorage).toEqual({
      kind: "s3",
      bucket: "media",
      endpoint: undefined,
      region: "us-east-1",
      forcePathStyle: false,
      credentials: undefined,
    });
    expect(
      parseConfig({
        S3_BUCKET: "media",
        AWS_ACCESS_KEY_ID: "k",
        AWS_SECRET_ACCESS_KEY: "s",
        AWS_SESSION_TOKEN: "t",
      }).mediaStorage,
    ).toMatchObject({ credentials: { accessKeyId: "k", secretAccessKey: "s", sessionToken: "t" } });
  });

  test("without S3_BUCKET media stay on the local disk, whatever the AWS keys say", () => {
    expect(parseConfig({ AWS_ACCESS_KEY_ID: "k", AWS_SECRET_ACCESS_KEY: "s" }).mediaStorage).toEqual({
      kind: "local",
    });
    expect(parseConfig({ S3_BUCKET: " " }).mediaStorage).toEqual({ kind: "local" });
  });

  test("ALLOWED_HOSTS: a comma-separated list, trimmed and in lower case", () => {
    expect(
      parseConfig({ ALLOWED_HOSTS: " News.Example.com, www.news.example.com:8443 ,," }).allowedHosts,
    ).toEqual(["news.example.com", "www.news.example.com:8443"]);
  });

  test("PAGE_CACHE=off turns the page cache off; PAGE_CACHE_MB sizes it; anything else is refused", () => {
    expect(parseConfig({ PAGE_CACHE: "off", PAGE_CACHE_MB: "8" }).pageCache).toEqual({
      enabled: false,
      maxBytes: 8 * 1024 * 1024,
    });
    expect(() => parseConfig({ PAGE_CACHE: "maybe" })).toThrow(/PAGE_CACHE/);
    expect(() => parseConfig({ PAGE_CACHE_MB: "0" })).toThrow(/PAGE_CACHE_MB/);
  });

  test("in development (npm run dev) the page cache is off, so an edit shows on the next reload, unless PAGE_CACHE=on asks for it", () => {
    expect(parseConfig({ NODE_ENV: "development" }).pageCache.enabled).toBe(false);
    expect(parseConfig({ NODE_ENV: "development", PAGE_CACHE: "on" }).pageCache.enabled).toBe(true);
    expect(parseConfig({ NODE_ENV: "development", PAGE_CACHE: "off" }).pageCache.enabled).toBe(false);
  });

  test("in production the page cache stays on unless PAGE_CACHE=off", () => {
    expect(parseConfig({ NODE_ENV: "production" }).pageCache.enabled).toBe(true);
    expect(parseConfig({ NODE_ENV: "production", PAGE_CACHE: "on" }).pageCache.enabled).toBe(true);
    expect(parseConfig({ NODE_ENV: "production", PAGE_CACHE: "off" }).pageCache.enabled).toBe(false);
  });

  test("SCHEDULER_INTERVAL_MS sets the scheduler's longest sleep; nonsense is refused", () => {
    expect(parseConfig({ SCHEDULER_INTERVAL_MS: "500" }).schedulerIntervalMs).toBe(500);
    expect(() => parseConfig({ SCHEDULER_INTERVAL_MS: "0" })).toThrow(/SCHEDULER_INTERVAL_MS/);
    expect(() => parseConfig({ SCHEDULER_INTERVAL_MS: "soon" })).toThrow(/SCHEDULER_INTERVAL_MS/);
  });

  test("WEB_CONCURRENCY: one worker per core on PostgreSQL, one on the embedded database, else the number asked for", () => {
    const postgres = "postgres://db/newsdesk";
    expect(parseConfig({ DATABASE_URL: postgres }).webConcurrency).toEqual({
      workers: Math.min(os.availableParallelism(), 64),
      isExplicit: false,
    });
    expect(parseConfig({}).webConcurrency).toEqual({ workers: 1, isExplicit: false });
    expect(parseConfig({ DATABASE_URL: postgres, WEB_CONCURRENCY: " 3 " }).webConcurrency).toEqual({
      workers: 3,
      isExplicit: true,
    });
    // Asked for on the embedded database: kept, so that the log can say it is not followed.
    expect(parseConfig({ WEB_CONCURRENCY: "4" }).webConcurrency).toEqual({ workers: 4, isExplicit: true });
    expect(parseConfig({ WEB_CONCURRENCY: "64" }).webConcurrency.workers).toBe(64);
    expect(parseConfig({ WEB_CONCURRENCY: " " }).webConcurrency.isExplicit).toBe(false);
  });

  test.each(["0", "65", "2.5", "-1", "all", "1e3"])("WEB_CONCURRENCY=%s is refused in one line", (value) => {
    expect(() => parseConfig({ WEB_CONCURRENCY: value })).toThrow(
      /^Invalid configuration: WEB_CONCURRENCY: expected a whole number of worker processes from 1 to 64\. Correct the environment variable/,
    );
  });

  test("UNSAFE_TEST_CLOCK_FILE names the browser tests' clock file; blank is unset", () => {
    expect(parseConfig({ UNSAFE_TEST_CLOCK_FILE: "/tmp/e2e-clock" }).unsafeTestClockFile).toBe(
      "/tmp/e2e-clock",
    );
    expect(parseConfig({ UNSAFE_TEST_CLOCK_FILE: " " }).unsafeTestClockFile).toBeUndefined();
  });

  test("SMTP_URL takes smtp:// or smtps:// addresses only", () => {
    expect(parseConfig({ SMTP_URL: "smtp://user:secret@mail.example:587" }).smtpUrl).toBe(
      "smtp://user:secret@mail.example:587",
    );
    expect(parseConfig({ SMTP_URL: " " }).smtpUrl).toBeUndefined();
    expect(() => parseConfig({ SMTP_URL: "http://mail.example" })).toThrow(/SMTP_URL/);
  });

  test("reads the environment", () => {
    const config = parseConfig({
      NODE_ENV: "production",
      PORT: "8080",
      DATA_DIR: "/var/lib/newsdesk",
      DATABASE_URL: "  postgres://db/newsdesk  ",
      ADMIN_PASSWORD: "secret1",
      PUBLIC_URL: "https://news.example.com/",
      TRUST_PROXY: "1",
    });
    expect(config.isProduction).toBe(true);
    expect(config.port).toBe(8080);
    expect(config.dataDir).toBe("/var/lib/newsdesk");
    expect(config.databaseUrl).toBe("postgres://db/newsdesk");
    expect(config.adminPassword).toBe("secret1");
    expect(config.publicUrl).toBe("https://news.example.com");
    expect(config.trustProxy).toBe(1);
  });

  test("ADMIN_EMAIL is trimmed and lowercased; a blank one counts as unset", () => {
    expect(parseConfig({ ADMIN_EMAIL: " Editor@Example.COM " }).adminEmail).toBe("editor@example.com");
    expect(parseConfig({ ADMIN_EMAIL: "   " }).adminEmail).toBeUndefined();
    expect(parseConfig({ DATABASE_URL: "" }).databaseUrl).toBeUndefined();
  });

  test.each([
    [{ PORT: "abc" }, /^Invalid configuration: PORT: /],
    [{ PORT: "70000" }, /^Invalid configuration: PORT: /],
    [{ PORT: "-1" }, /^Invalid configuration: PORT: /],
    [{ PORT: "80.5" }, /^Invalid configuration: PORT: /],
    [{ ADMIN_EMAIL: "not-an-email" }, /^Invalid configuration: ADMIN_EMAIL: /],
    [{ ADMIN_PASSWORD: "12345" }, /^Invalid configuration: ADMIN_PASSWORD: /],
    [{ PUBLIC_URL: "news.example.com" }, /^Invalid configuration: PUBLIC_URL: /],
    [{ NODE_ENV: "staging" }, /^Invalid configuration: NODE_ENV: /],
    [{ TRUST_PROXY: "yes" }, /^Invalid configuration: TRUST_PROXY: /],
    [{ LOG_LEVEL: "verbose" }, /^Invalid configuration: LOG_LEVEL: expected one of fatal, error, warn, info/],
    [{ DATABASE_URL: "not a url" }, /^Invalid configuration: DATABASE_URL: expected a PostgreSQL address/],
    [{ DATABASE_URL: "mysql://db/newsdesk" }, /^Invalid configuration: DATABASE_URL: /],
    [{ S3_BUCKET: "my bucket" }, /^Invalid configuration: S3_BUCKET: expected a bucket name/],
    [
      { S3_BUCKET: "media", S3_ENDPOINT: "minio:9000" },
      /^Invalid configuration: S3_ENDPOINT: expected the storage's address/,
    ],
    [{ S3_BUCKET: "media", S3_ENDPOINT: "ftp://minio" }, /^Invalid configuration: S3_ENDPOINT: /],
    [
      { S3_BUCKET: "media", S3_REGION: "EU West" },
      /^Invalid configuration: S3_REGION: expected a region name/,
    ],
    [
      { S3_BUCKET: "media", S3_FORCE_PATH_STYLE: "yes" },
      /^Invalid configuration: S3_FORCE_PATH_STYLE: expected true or false/,
    ],
    [
      { MEDIA_PUBLIC_URL: "cdn.example.com" },
      /^Invalid configuration: MEDIA_PUBLIC_URL: expected an address/,
    ],
    [
      { S3_ENDPOINT: "https://minio.example.com" },
      /^Invalid configuration: S3_ENDPOINT: is set but S3_BUCKET is not; set S3_BUCKET to store media in a bucket\. /,
    ],
    [
      { S3_BUCKET: "media", AWS_ACCESS_KEY_ID: "k" },
      /^Invalid configuration: AWS_SECRET_ACCESS_KEY: is missing; set both AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or neither\. /,
    ],
  ])("%j is refused with a message naming the variable", (env, message) => {
    expect(() => parseConfig(env)).toThrow(message);
  });

  test("a refused S3 setting is one line that does not repeat the secret key", () => {
    let message = "";
    try {
      parseConfig({ S3_BUCKET: "media", S3_REGION: "?", AWS_SECRET_ACCESS_KEY: "hunter2-secret" });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^Invalid configuration: S3_REGION: /);
    expect(message.split("\n")).toHaveLength(1);
    expect(message).not.toContain("hunter2-secret");
  });

  test("every problem is listed at once", () => {
    expect(() => parseConfig({ PORT: "abc", ADMIN_EMAIL: "nope" })).toThrow(/PORT: .*; ADMIN_EMAIL: /);
  });
});
