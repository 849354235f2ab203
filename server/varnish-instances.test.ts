/**
 * Two instances on one PostgreSQL behind a real Varnish running the shipped deploy/varnish.vcl (decision
 * record 023): the built app started twice with `bin/newsdesk.mjs start`, Varnish's two backends pointed
 * at them. A story edited on one instance is what readers get through Varnish within 2 s, while pages the
 * change does not touch stay Varnish's hits; a staff page is never stored. The instances purge through
 * a relay here that counts what passes and can be taken down, as a Varnish that cannot be reached is.
 */
import { createServer, connect, type Server, type Socket } from "node:net";
import os from "node:os";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { commitSessionCookie, createSession } from "#app/auth/session.server";
import { openDatabase, type Database } from "#app/db/client.server";
import { articles, users } from "#app/db/schema";
import { logMessages } from "#test-support/logs";
import { editFormWithTitle } from "#test-support/article-fixtures";
import { freePort, startServing, waitFor, type ServingNewsdesk } from "#test-support/server-processes";
import { createEmptyPostgresDatabase } from "#test-support/test-database";
import { deployedVcl, startVarnish, type RunningVarnish } from "../scripts/varnish";

/** A TCP relay to Varnish that counts the PURGE requests passing and can refuse connections for a while. */
async function purgeRelay(target: number) {
  const port = await freePort();
  const sockets = new Set<Socket>();
  let purges: string[] = [];
  let server: Server | null = null;
  const open = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        sockets.add(client);
        const upstream = connect(target, "127.0.0.1");
        client.on("data", (chunk: Buffer) => {
          for (const [request] of chunk.toString("latin1").matchAll(/^PURGE [^\r\n]*\r\n(?:[^\r\n]+\r\n)*/gm))
            purges.push(request);
        });
        client.pipe(upstream).pipe(client);
        const end = () => {
          sockets.delete(client);
          client.destroy();
          upstream.destroy();
        };
        client.on("error", end).on("close", end);
        upstream.on("error", end).on("close", end);
      });
      server.listen(port, "127.0.0.1", resolve);
    });
  await open();
  return {
    url: `http://127.0.0.1:${port}`,
    purges: () => purges,
    clear: () => (purges = []),
    /** Connections refused from now on, as by a Varnish that is down. */
    down: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server!.close(() => resolve());
      }),
    up: open,
  };
}

interface Read {
  status: number;
  body: string;
  headers: Headers;
}

const read = async (url: string, headers: Record<string, string> = {}): Promise<Read> => {
  const response = await fetch(url, { headers, redirect: "manual" });
  return { status: response.status, headers: response.headers, body: await response.text() };
};
/** Varnish answered from its store: X-Varnish names this request and the one that stored the copy. */
const isHit = (answer: Read) => (answer.headers.get("x-varnish") ?? "").trim().split(/\s+/).length === 2;
const headline = (html: string) =>
  (/<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1] ?? "").replaceAll("&#x27;", "'").replaceAll("&amp;", "&");

describe.skipIf(!process.env.TEST_DATABASE_URL)("two instances behind Varnish (deploy/varnish.vcl)", () => {
  let databaseUrl: string;
  let dropDatabase: () => Promise<void>;
  let database: Database;
  let a: ServingNewsdesk;
  let b: ServingNewsdesk;
  let varnish: RunningVarnish;
  let relay: Awaited<ReturnType<typeof purgeRelay>>;
  let cookie: string;

  beforeAll(async () => {
    const built = spawnSync(process.execPath, ["scripts/ensure-build.mjs"], { encoding: "utf8" });
    expect(built.status, built.stdout + built.stderr).toBe(0);
    ({ url: databaseUrl, drop: dropDatabase } = await createEmptyPostgresDatabase("newsdesk_test_varnish"));
    const [portA, portB] = [await freePort(), await freePort()];
    varnish = await startVarnish(await deployedVcl([portA, portB]));
    relay = await purgeRelay(varnish.port);
    const settings = (port: number) => ({
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      WEB_CONCURRENCY: "1",
      VARNISH_URLS: relay.url,
      ADMIN_EMAIL: "varnish-admin@example.com",
      DATA_DIR: path.join(os.tmpdir(), `newsdesk-varnish-${port}`),
    });
    // One at a time: the first prepares the empty database.
    a = await startServing(settings(portA));
    b = await startServing(settings(portB));
    database = await openDatabase({ databaseUrl });
    const [admin] = await database.db.select().from(users).where(eq(users.email, "varnish-admin@example.com"));
    const { token } = await createSession(database.db, admin!.id);
    cookie = (await commitSessionCookie(new Request(a.origin), token)).split(";")[0]!;
    // Both backends healthy in Varnish's probes before readers come.
    await waitFor(() => `pages through Varnish: ${varnish.output()}`, async () => (await read(`${varnish.url}/`)).status === 200, 30_000);
  }, 300_000);

  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await varnish?.stop();
    await database?.close();
    await dropDatabase?.();
  });

  /** A published story that is not the home page's lead, its edit form as the browser sends it. */
  async function aStory(offset = 0) {
    const [story] = await database.db
      .select()
      .from(articles)
      .where(and(eq(articles.status, "published"), eq(articles.featured, false), eq(articles.language, "en")))
      .orderBy(articles.displayDate)
      .limit(1)
      .offset(offset);
    if (!story) throw new Error("the sample content has no published story");
    const saveTitle = async (on: ServingNewsdesk, title: string) => {
      const saved = await fetch(`${on.origin}/admin/articles/edit/${story.id}`, {
        method: "POST",
        redirect: "manual",
        headers: { Cookie: cookie, Origin: on.origin },
        body: editFormWithTitle(story, title),
      });
      expect(saved.status, await saved.text()).toBe(302);
    };
    return { story, page: `${varnish.url}/article/${story.slug}`, saveTitle };
  }

  /** Reads through Varnish until it is a hit (a bounded few times). */
  async function hitThroughVarnish(url: string): Promise<Read> {
    for (let i = 0; i < 5; i++) {
      const answer = await read(url);
      if (isHit(answer)) return answer;
    }
    throw new Error(`${url} never came from Varnish's store`);
  }

  /** Reads through Varnish every 100 ms until `check` holds; the time it took. */
  async function within(ms: number, url: string, check: (answer: Read) => boolean) {
    const started = Date.now();
    let last: Read | undefined;
    while (Date.now() - started < ms) {
      last = await read(url);
      if (check(last)) return Date.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`${url} not as expected within ${ms} ms; last: ${headline(last?.body ?? "")}`);
  }

  test("a story's new title saved on A reaches readers through Varnish within 2 s on its page and the home page; untouched pages stay hits", async () => {
    const { story, page, saveTitle } = await aStory();
    const home = `${varnish.url}/`;
    expect(headline((await hitThroughVarnish(page)).body)).toBe(story.title);
    const homeBefore = await hitThroughVarnish(home);
    expect(homeBefore.body, "the home page lists the story").toContain(`/article/${story.slug}`);
    // Pages the change does not touch: ones whose tags (as B sends them to Varnish) do not name the story.
    const untouched: string[] = [];
    for (const candidate of ["/about", "/contact", "/privacy", "/category/sports", "/category/travel-events"]) {
      const direct = await fetch(b.origin + candidate);
      const tags = (direct.headers.get("xkey") ?? "").split(" ");
      if (direct.status === 200 && !tags.includes(`nd-a-${story.slug}`) && !tags.includes("nd-a") && !tags.includes(`nd-a-${story.id}`))
        untouched.push(candidate);
    }
    expect(untouched.length, "some pages do not link to the story").toBeGreaterThan(0);
    for (const path of untouched) await hitThroughVarnish(varnish.url + path);

    const title = `${story.title} (corrected)`;
    await saveTitle(a, title);
    const took = await within(2_000, page, (answer) => headline(answer.body) === title);
    await within(2_000, home, (answer) => answer.body.includes(title));
    for (const path of untouched) expect(isHit(await read(varnish.url + path)), `${path} still a hit`).toBe(true);
    expect(took).toBeLessThan(2_000);
  }, 60_000);

  test("one change, one purge: Varnish hears it from the instance that made it, not from both", async () => {
    const { story, page, saveTitle } = await aStory(1);
    await hitThroughVarnish(page);
    relay.clear();
    await saveTitle(b, `${story.title} (one purge)`);
    await within(2_000, page, (answer) => headline(answer.body) === `${story.title} (one purge)`);
    // Give a second instance's purge, if there were one, the time to arrive.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const naming = relay.purges().filter((request) => request.includes(`nd-a-${story.id}`));
    expect(naming, relay.purges().join("\n")).toHaveLength(1);
  }, 30_000);

  test("a Varnish that cannot be reached when the change is made gets the purge when it comes back", async () => {
    const { story, page, saveTitle } = await aStory(2);
    await hitThroughVarnish(page);
    await relay.down();
    const title = `${story.title} (while Varnish was away)`;
    await saveTitle(a, title);
    // Varnish still holds the old page: nothing told it yet.
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(headline((await read(page)).body)).toBe(story.title);
    await relay.up();
    await within(10_000, page, (answer) => headline(answer.body) === title);
    const said = logMessages(a.log());
    expect(said.some((line) => /^Varnish http:\/\/127\.0\.0\.1:\d+ refused a purge/.test(line)), said.join("\n")).toBe(true);
    await waitFor("the recovery logged", () => logMessages(a.log()).some((line) => /took the purges it had missed$/.test(line)), 5_000);
  }, 30_000);

  test("a staff page is never stored, and never served to anyone else", async () => {
    for (let i = 0; i < 2; i++) {
      const staff = await read(`${varnish.url}/admin/articles`, { Cookie: cookie });
      expect(staff.status).toBe(200);
      expect(isHit(staff)).toBe(false);
    }
    const anonymous = await read(`${varnish.url}/admin/articles`);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toMatch(/\/admin\/login/);
    // A reader page asked for with a staff cookie: passed to the app, its private answer kept by no one.
    const { page } = await aStory(0);
    const asStaff = await read(page, { Cookie: cookie });
    expect(asStaff.headers.get("cache-control")).toMatch(/private/);
    expect(isHit(asStaff)).toBe(false);
    const reader = await hitThroughVarnish(page);
    expect(reader.headers.get("cache-control")).toMatch(/public/);
  }, 30_000);
});
