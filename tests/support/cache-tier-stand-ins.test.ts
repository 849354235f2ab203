import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startCloudflareStandIn, type CloudflareStandIn } from "./cloudflare-api";
import { startFastlyStandIn, type FastlyStandIn } from "./fastly-api";
import { startXkeyPurgeRecorder, type XkeyPurgeRecorder } from "./xkey-purge-recorder";

const tags = (count: number) => Array.from({ length: count }, (_, i) => `t${i}`);

describe("the Cloudflare purge API stand-in", () => {
  let cloudflare: CloudflareStandIn;
  beforeAll(async () => {
    cloudflare = await startCloudflareStandIn();
  });
  afterAll(() => cloudflare.stop());

  const purge = async (body: unknown, options: { token?: string | null; zone?: string } = {}) => {
    const token = options.token === undefined ? cloudflare.apiToken : options.token;
    const response = await fetch(`${cloudflare.url}/zones/${options.zone ?? cloudflare.zoneId}/purge_cache`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        ...(token === null ? {} : { Authorization: `Bearer ${token}` }),
      },
      body: JSON.stringify(body),
    });
    return {
      status: response.status,
      body: (await response.json()) as { success: boolean; errors: { code: number }[] },
    };
  };
  const codes = (answer: { body: { errors: { code: number }[] } }) => answer.body.errors.map((e) => e.code);

  test("accepts 100 tags in the envelope, refuses 101 in it, and records both", async () => {
    const accepted = await purge({ tags: tags(100) });
    expect(accepted).toEqual({
      status: 200,
      body: { success: true, errors: [], messages: [], result: { id: cloudflare.zoneId } },
    });
    const refused = await purge({ tags: tags(101) });
    expect([refused.status, refused.body.success]).toEqual([400, false]);
    expect(cloudflare.calls.map((call) => [call.tags.length, call.success])).toEqual([
      [100, true],
      [101, false],
    ]);
    expect(cloudflare.purgedTags()).toEqual(tags(100));
  });

  test("refuses a tag over 1,024 characters with 200 and success: false, as the API answers", async () => {
    const answer = await purge({ tags: ["t".repeat(1_025)] });
    expect([answer.status, answer.body.success, codes(answer)]).toEqual([200, false, [1100, 1016]]);
    expect((await purge({ tags: ["t".repeat(1_024)] })).body.success).toBe(true);
  });

  test("checks the token, the zone and the body before anything is purged", async () => {
    const before = cloudflare.calls.length;
    expect(codes(await purge({ tags: ["a"] }, { token: null }))).toEqual([6003]);
    expect(await purge({ tags: ["a"] }, { token: "wrong" })).toMatchObject({ status: 403 });
    expect(codes(await purge({ tags: ["a"] }, { zone: "f".repeat(32) }))).toEqual([10000]);
    expect(await purge({ tags: ["a"] }, { zone: "not-a-zone" })).toMatchObject({ status: 400 });
    expect(codes(await purge({ tags: "a" }))).toEqual([1014]);
    expect(cloudflare.calls.length).toBe(before);
  });
});

describe("the Fastly purge API stand-in", () => {
  let fastly: FastlyStandIn;
  beforeAll(async () => {
    fastly = await startFastlyStandIn();
  });
  afterAll(() => fastly.stop());

  const purge = async (headers: Record<string, string>, service = fastly.serviceId) => {
    const response = await fetch(`${fastly.url}/service/${service}/purge`, {
      method: "POST",
      headers: { "Fastly-Key": fastly.apiToken, ...headers },
    });
    return { status: response.status, body: (await response.json()) as Record<string, string> };
  };

  test("answers each key's purge id, records a soft purge, and refuses 257 keys with 400", async () => {
    const answer = await purge({ "Surrogate-Key": "a b", "Fastly-Soft-Purge": "1" });
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body)).toEqual(["a", "b"]);
    expect(answer.body.a).toMatch(/^\d+-\d+-\d+$/);
    expect((await purge({ "Surrogate-Key": tags(256).join(" ") })).status).toBe(200);
    expect(await purge({ "Surrogate-Key": tags(257).join(" ") })).toMatchObject({
      status: 400,
      body: { msg: "Bad request" },
    });
    expect(fastly.calls.map((call) => [call.keys.length, call.soft, call.status])).toEqual([
      [2, true, 200],
      [256, false, 200],
      [257, false, 400],
    ]);
  });

  test("refuses a wrong key, another service and a key over 1 KB", async () => {
    expect(await purge({ "Surrogate-Key": "a", "Fastly-Key": "wrong" })).toMatchObject({ status: 401 });
    expect((await purge({ "Surrogate-Key": "a" }, "another")).status).toBe(404);
    expect((await purge({ "Surrogate-Key": "k".repeat(1_025) })).status).toBe(400);
  });
});

describe("the xkey PURGE recorder", () => {
  let varnish: XkeyPurgeRecorder;
  beforeAll(async () => {
    varnish = await startXkeyPurgeRecorder();
  });
  afterAll(() => varnish.stop());

  test("records the keys of a purge, and refuses a header line over 8 KB as varnishd does", async () => {
    expect(
      (await fetch(`${varnish.url}/`, { method: "PURGE", headers: { "xkey-purge": "a b" } })).status,
    ).toBe(200);
    const long = await fetch(`${varnish.url}/`, {
      method: "PURGE",
      headers: { "xkey-purge": "k".repeat(8_200) },
    });
    expect(long.status).toBe(400);
    expect(varnish.purgedKeys()).toEqual(["a", "b"]);
  });
});
