import { createECDH, createPrivateKey } from "node:crypto";
import https from "node:https";
import jws from "jws";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import webpush, { type PushSubscription, type RequestDetails, type RequestOptions } from "web-push";
import {
  decryptPushMessage,
  PUSH_REFUSAL,
  startPushService,
  type TestPushService,
  type TestPushSubscription,
} from "./push-service-double";

const SUBJECT = "mailto:newsroom@example.com";

/**
 * RFC 8291, Appendix A: the browser's key pair and auth secret, and the message an application server
 * encrypted for them. Decrypting it proves the service reads pushes as the RFC defines them, not merely
 * as web-push writes them.
 */
const RFC_8291_EXAMPLE = {
  browserPrivateKey: "q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94",
  authSecret: "BTBZMqHH6r4Tts7J_aSIgg",
  message:
    "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN",
  plaintext: "When I grow up, I want to be a watermelon",
} as const;

test("the service decrypts the example message of RFC 8291 (Appendix A), and refuses it changed by one bit", () => {
  const browser = createECDH("prime256v1");
  browser.setPrivateKey(Buffer.from(RFC_8291_EXAMPLE.browserPrivateKey, "base64url"));
  const authSecret = Buffer.from(RFC_8291_EXAMPLE.authSecret, "base64url");
  const message = Buffer.from(RFC_8291_EXAMPLE.message, "base64url");

  expect(decryptPushMessage(message, browser, authSecret).toString("utf8")).toBe(RFC_8291_EXAMPLE.plaintext);
  const changed = Buffer.from(message);
  const at = changed.length - 20; // inside the ciphertext
  changed.writeUInt8(changed.readUInt8(at) ^ 1, at);
  expect(() => decryptPushMessage(changed, browser, authSecret)).toThrow();
});

describe("the test push service, with what web-push sends", () => {
  let push: TestPushService;
  const vapid = webpush.generateVAPIDKeys();
  const otherVapid = webpush.generateVAPIDKeys();

  beforeAll(async () => {
    push = await startPushService();
  });
  afterAll(async () => {
    await push.close();
  });

  function send(subscription: PushSubscription, payload: string, options: RequestOptions = {}) {
    return webpush.sendNotification(subscription, payload, {
      vapidDetails: { subject: SUBJECT, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
      TTL: 60,
      agent: push.agent,
      ...options,
    });
  }

  /** The push service's refusal: web-push rejects with a WebPushError carrying its status and text. */
  async function refusal(sending: Promise<unknown>) {
    const error = await sending.then(
      () => expect.fail("the push service accepted the message"),
      (failure: webpush.WebPushError) => failure,
    );
    return { statusCode: error.statusCode, body: error.body };
  }

  function receivedAt(subscription: TestPushSubscription) {
    return push.received.filter((message) => message.endpoint === subscription.endpoint);
  }

  test("decrypts what web-push sends, once, and answers 201 Created with the message's Location", async () => {
    const browser = push.subscribe();
    const alert = JSON.stringify({
      title: "Breaking News",
      body: "Parliament passes the budget",
      url: "/a/1",
    });

    const response = await send(browser, alert);

    expect(response.statusCode).toBe(201);
    expect(response.headers.location).toMatch(new RegExp(`^${push.origin}/message/[0-9a-f-]{36}$`));
    expect(receivedAt(browser)).toEqual([
      { endpoint: browser.endpoint, ttl: 60, urgency: "normal", payload: alert },
    ]);
  });

  test("non-ASCII text arrives as it was written", async () => {
    const browser = push.subscribe();
    await send(browser, "Black Stars 2–1 · Accra ✓");
    expect(receivedAt(browser).map((message) => message.payload)).toEqual(["Black Stars 2–1 · Accra ✓"]);
  });

  test("a payload near 3,000 bytes arrives whole", async () => {
    const browser = push.subscribe();
    const body = "Live: Kotoko 1–0 Hearts · ".repeat(102);
    const alert = JSON.stringify({ title: "Breaking News", body });
    expect(Buffer.byteLength(alert)).toBeGreaterThan(2950);
    expect(Buffer.byteLength(alert)).toBeLessThan(3000);

    await send(browser, alert);

    expect(receivedAt(browser).map((message) => message.payload)).toEqual([alert]);
  });

  test("a message over 4,096 encrypted bytes is refused with 413, as FCM, autopush and Apple refuse it", async () => {
    const browser = push.subscribe();
    const answer = await refusal(send(browser, "x".repeat(3994))); // 86 + 3,994 + 17 = 4,097 bytes
    expect(answer).toEqual({ statusCode: 413, body: PUSH_REFUSAL.tooLarge });
    expect(receivedAt(browser)).toEqual([]);
    await send(browser, "x".repeat(3993)); // exactly 4,096: still taken
    expect(receivedAt(browser)).toHaveLength(1);
  });

  test("urgency and topic are passed on as sent", async () => {
    const browser = push.subscribe();
    await send(browser, "Goal!", { urgency: "high", topic: "live-match-42", TTL: 0 });
    expect(receivedAt(browser)).toEqual([
      { endpoint: browser.endpoint, ttl: 0, urgency: "high", topic: "live-match-42", payload: "Goal!" },
    ]);
  });

  test("two subscriptions each get their own copy, each readable only with its own keys", async () => {
    const phone = push.subscribe();
    const laptop = push.subscribe();
    await send(phone, "for the phone");
    await send(laptop, "for the laptop");
    expect(receivedAt(phone).map((message) => message.payload)).toEqual(["for the phone"]);
    expect(receivedAt(laptop).map((message) => message.payload)).toEqual(["for the laptop"]);

    // Encrypted for the laptop's keys but sent to the phone: the phone's keys cannot read it.
    const crossed = await refusal(send({ endpoint: phone.endpoint, keys: laptop.keys }, "misaddressed"));
    // The right public key with another browser's auth secret does not decrypt either.
    const wrongSecret = await refusal(
      send({ endpoint: phone.endpoint, keys: { p256dh: phone.keys.p256dh, auth: laptop.keys.auth } }, "x"),
    );
    for (const answer of [crossed, wrongSecret]) {
      expect(answer.statusCode).toBe(400);
      expect(answer.body).toContain(PUSH_REFUSAL.undecryptable);
    }
    expect(receivedAt(phone)).toHaveLength(1);
  });

  test("an expired endpoint answers 410 Gone, so sendNotification rejects with statusCode 410", async () => {
    const unsubscribed = push.subscribe();
    const subscribed = push.subscribe();
    await send(unsubscribed, "before");
    push.expire(unsubscribed.endpoint);

    const answer = await refusal(send(unsubscribed, "after"));

    expect(answer).toEqual({ statusCode: 410, body: PUSH_REFUSAL.expired });
    expect(receivedAt(unsubscribed).map((message) => message.payload)).toEqual(["before"]);
    await send(subscribed, "still here");
    expect(receivedAt(subscribed)).toHaveLength(1);
  });

  test("an endpoint the service never gave out answers 404", async () => {
    const browser = push.subscribe();
    const invented = { ...browser, endpoint: `${push.origin}/push/never-given-out` };
    expect(await refusal(send(invented, "hello"))).toEqual({
      statusCode: 404,
      body: PUSH_REFUSAL.unknownEndpoint,
    });
  });

  test("a push without VAPID is refused with 401", async () => {
    const browser = push.subscribe();
    // Without vapidDetails (here or set globally) web-push sends no Authorization header at all.
    const answer = await refusal(
      webpush.sendNotification(browser, "anonymous", { TTL: 60, agent: push.agent }),
    );
    expect(answer).toEqual({ statusCode: 401, body: PUSH_REFUSAL.noVapid });
    expect(receivedAt(browser)).toEqual([]);
  });

  describe("refused with 403 when the VAPID token does not hold", () => {
    let browser: TestPushSubscription;
    beforeAll(() => {
      browser = push.subscribe();
    });

    test("a token whose claims were changed after signing", async () => {
      const request = requestFor(browser, "tampered");
      const [header, , signature] = jwtOf(request).split(".");
      const forged = base64urlJson({
        aud: push.origin,
        exp: nowSeconds() + 3600,
        sub: "mailto:x@example.com",
      });
      const answer = await postRaw(push, withJwt(request, `${header}.${forged}.${signature}`));
      expect(answer.status).toBe(403);
      expect(answer.body).toContain("signature does not match k");
      expect(receivedAt(browser)).toEqual([]);
    });

    test("a token signed with another key than the k it names", async () => {
      const request = requestFor(browser, "impostor");
      const impostor = signJwt({ aud: push.origin, exp: nowSeconds() + 3600, sub: SUBJECT }, otherVapid);
      const answer = await postRaw(push, withJwt(request, impostor));
      expect(answer.status).toBe(403);
      expect(answer.body).toContain("signature does not match k");
      expect(receivedAt(browser)).toEqual([]);
    });

    /** What differs from a valid token (`expiresIn`: seconds from now), and the reason the refusal gives. */
    const BAD_TOKENS: Array<[string, { aud?: string; expiresIn?: number; sub?: string }, string]> = [
      ["another push service's audience", { aud: "https://fcm.googleapis.com" }, "aud is"],
      ["an exp in the past", { expiresIn: -60 }, "exp is missing or past"],
      ["an exp more than 24 hours ahead", { expiresIn: 24 * 3600 + 60 }, "more than 24 hours ahead"],
      ["a sub that is not mailto: or https:", { sub: "http://newsroom.example.com" }, "sub is not"],
    ];
    test.each(BAD_TOKENS)("a correctly signed token with %s", async (_case, change, reason) => {
      const claims = {
        aud: change.aud ?? push.origin,
        exp: nowSeconds() + (change.expiresIn ?? 3600),
        sub: change.sub ?? SUBJECT,
      };
      const answer = await postRaw(push, withJwt(requestFor(browser, "x"), signJwt(claims, vapid)));
      expect(answer.status).toBe(403);
      expect(answer.body).toContain(reason);
      expect(receivedAt(browser)).toEqual([]);
    });

    test("and the same request with web-push's own token is taken (the checks above are the cause)", async () => {
      const answer = await postRaw(push, requestFor(browser, "genuine"));
      expect(answer.status).toBe(201);
      expect(receivedAt(browser).map((message) => message.payload)).toEqual(["genuine"]);
    });
  });

  test("a subscription bound to an application server key refuses pushes signed with another (403)", async () => {
    const bound = push.subscribe({ applicationServerKey: vapid.publicKey });
    const otherKeys = {
      subject: SUBJECT,
      publicKey: otherVapid.publicKey,
      privateKey: otherVapid.privateKey,
    };

    const answer = await refusal(send(bound, "from elsewhere", { vapidDetails: otherKeys }));
    await send(bound, "from us");

    expect(answer).toEqual({ statusCode: 403, body: PUSH_REFUSAL.wrongApplicationServerKey });
    expect(receivedAt(bound).map((message) => message.payload)).toEqual(["from us"]);
  });

  test("expectVapidPublicKey binds the service's subscriptions to one key until it is lifted", async () => {
    const browser = push.subscribe();
    const otherKeys = {
      subject: SUBJECT,
      publicKey: otherVapid.publicKey,
      privateKey: otherVapid.privateKey,
    };
    push.expectVapidPublicKey(vapid.publicKey);
    try {
      expect((await refusal(send(browser, "wrong key", { vapidDetails: otherKeys }))).statusCode).toBe(403);
      await send(browser, "right key");
    } finally {
      push.expectVapidPublicKey(null);
    }
    await send(browser, "any key again", { vapidDetails: otherKeys });
    expect(receivedAt(browser).map((message) => message.payload)).toEqual(["right key", "any key again"]);
  });

  test("a push without a TTL header is refused with 400", async () => {
    const browser = push.subscribe();
    const request = requestFor(browser, "no ttl");
    delete request.headers.TTL;
    expect(await postRaw(push, request)).toEqual({ status: 400, body: PUSH_REFUSAL.noTtl });
    expect(receivedAt(browser)).toEqual([]);
  });

  test("the older aesgcm coding is refused: 401 as web-push signs it, 400 where the coding is the fault", async () => {
    const browser = push.subscribe();
    const answer = await refusal(send(browser, "old coding", { contentEncoding: "aesgcm" }));
    // web-push signs aesgcm with `Authorization: WebPush <JWT>`, not the vapid scheme: refused before the coding.
    expect(answer).toEqual({ statusCode: 401, body: PUSH_REFUSAL.noVapid });
    const request = requestFor(browser, "old coding");
    request.headers["Content-Encoding"] = "aesgcm";
    expect(await postRaw(push, request)).toEqual({ status: 400, body: PUSH_REFUSAL.notAes128gcm });
    expect(receivedAt(browser)).toEqual([]);
  });

  test("waitFor resolves when the push arrives after it was asked for", async () => {
    const browser = push.subscribe();
    const arriving = push.waitFor(browser.endpoint);
    await send(browser, "later");
    await expect(arriving).resolves.toMatchObject({ endpoint: browser.endpoint, payload: "later" });
    await expect(push.waitFor(push.subscribe().endpoint, 50)).rejects.toThrow(/No push to .* within 50 ms/);
  });

  /** Exactly the request web-push would send, to change before posting it with postRaw. */
  function requestFor(subscription: PushSubscription, payload: string): RequestDetails {
    return webpush.generateRequestDetails(subscription, payload, {
      vapidDetails: { subject: SUBJECT, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
      TTL: 60,
    });
  }
});

function jwtOf(request: RequestDetails): string {
  return /t=([^,]+)/.exec(String(request.headers.Authorization))![1]!;
}

function withJwt(request: RequestDetails, jwt: string): RequestDetails {
  const authorization = String(request.headers.Authorization).replace(/t=[^,]+/, `t=${jwt}`);
  return { ...request, headers: { ...request.headers, Authorization: authorization } };
}

function nowSeconds() {
  return Math.floor(Date.now() / 1000);
}

function base64urlJson(value: object) {
  return Buffer.from(JSON.stringify(value)).toString("base64url");
}

/** An ES256 JWT signed with a VAPID key pair in web-push's base64url form (raw point and scalar). */
function signJwt(claims: object, keys: { publicKey: string; privateKey: string }): string {
  const point = Buffer.from(keys.publicKey, "base64url");
  const jwk = {
    kty: "EC",
    crv: "P-256",
    x: point.subarray(1, 33).toString("base64url"),
    y: point.subarray(33).toString("base64url"),
    d: keys.privateKey,
  };
  const privateKey = createPrivateKey({ key: jwk, format: "jwk" }).export({ type: "pkcs8", format: "pem" });
  return jws.sign({
    header: { typ: "JWT", alg: "ES256" },
    payload: claims,
    privateKey: privateKey.toString(),
  });
}

/** Posts a request built by web-push (and perhaps changed) to the push service; resolves with its answer. */
function postRaw(push: TestPushService, request: RequestDetails): Promise<{ status: number; body: string }> {
  const url = new URL(request.endpoint);
  return new Promise((resolve, reject) => {
    const outgoing = https.request(
      {
        hostname: url.hostname,
        port: url.port,
        path: url.pathname,
        method: request.method,
        headers: request.headers,
        agent: push.agent,
      },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    outgoing.on("error", reject);
    outgoing.end(request.body ?? undefined);
  });
}
