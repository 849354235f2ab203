import { connect, createServer, type AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { withDomainErrors } from "./http-errors.server";
import { openDatabase, type Database } from "#app/db/client.server";
import { DATABASE_DOWN_TEXT, isDatabaseUnreachable } from "./database-unreachable.server";

/** A port nothing listens on: taken, then given back. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The error a query raises, as Drizzle hands it on. */
const failureOf = (run: () => Promise<unknown>) =>
  run().then(
    () => {
      throw new Error("the query succeeded");
    },
    (error: unknown) => error,
  );

describe("a database that cannot be reached", () => {
  let down: Database;
  let embedded: Database;
  beforeAll(async () => {
    down = await openDatabase({ databaseUrl: `postgres://postgres@127.0.0.1:${await closedPort()}/none` });
    embedded = await openDatabase({ memory: true });
  });
  afterAll(async () => {
    await down.close();
    await embedded.close();
  });

  const failedQuery = () => down.db.execute(sql`SELECT 1`);

  test("a refused connection is recognised through Drizzle's wrapping; a refused statement is not", async () => {
    expect(isDatabaseUnreachable(await failureOf(failedQuery))).toBe(true);
    const syntax = await failureOf(() => embedded.db.execute(sql`SELEC 1`));
    expect(isDatabaseUnreachable(syntax)).toBe(false);
    expect(isDatabaseUnreachable(new Error("Settings are missing"))).toBe(false);
  });

  test("a refused connection to anything but the database (S3, mail) is not the database unreachable", async () => {
    const port = await closedPort();
    const refused = await new Promise<Error>((resolve) => connect(port, "127.0.0.1").on("error", resolve));
    expect(refused).toMatchObject({ code: "ECONNREFUSED" });
    expect(isDatabaseUnreachable(refused)).toBe(false);
    expect(isDatabaseUnreachable(new Error("Upload failed", { cause: refused }))).toBe(false);
    // The same code from the database client, through Drizzle's wrapping, is.
    const fromDatabase = await failureOf(failedQuery);
    expect(fromDatabase).toMatchObject({ cause: { code: "ECONNREFUSED" } });
    expect(isDatabaseUnreachable(fromDatabase)).toBe(true);
    // And through a transaction, whose connection is taken from the pool first.
    expect(isDatabaseUnreachable(await failureOf(() => down.db.transaction(async () => {})))).toBe(true);
  });

  test("a page's loader answers 503 with the text to try again, never kept by a cache", async () => {
    const loader = withDomainErrors(async (_args: { request: Request }) => failedQuery());
    const thrown = await failureOf(() => loader({ request: new Request("http://localhost/latest-news") }));
    expect(thrown).toMatchObject({
      type: "DataWithResponseInit",
      data: { title: DATABASE_DOWN_TEXT.title, message: DATABASE_DOWN_TEXT.message },
      init: { status: 503 },
    });
    expect((thrown as { init: { headers: Record<string, string> } }).init.headers["Cache-Control"]).toBe(
      "no-store",
    );
  });

  test("a form's action returns (not throws) a 503 reply the form shows, so the screen stays", async () => {
    const action = withDomainErrors(async (_args: { request: Request }) => failedQuery());
    const request = new Request("http://localhost/admin/articles/add", {
      method: "POST",
      body: new FormData(),
    });
    const reply = await action({ request });
    expect(reply).toMatchObject({
      type: "DataWithResponseInit",
      data: {
        problem: { title: DATABASE_DOWN_TEXT.title, message: DATABASE_DOWN_TEXT.saveMessage },
        error: DATABASE_DOWN_TEXT.saveMessage,
      },
      init: { status: 503 },
    });
  });
});
