/**
 * A real Web Push service inside the test process, standing in for the services browser vendors run
 * (FCM, Mozilla autopush, Apple): it hands out browser-like subscriptions, receives what our sender
 * POSTs to them, checks it the way those services do (VAPID, RFC 8292; TTL and Urgency, RFC 8030) and
 * then decrypts it the way the subscribed browser would (RFC 8291 over RFC 8188 `aes128gcm`), with
 * the private keys only it holds. A test sends with the app's own code, then reads `received`: what
 * reached each endpoint, decrypted. The cryptography is the libraries' that `web-push` itself uses
 * (`jws` verifies the VAPID token, `http_ece` decrypts); what is checked here is the protocol: which
 * claims a token must carry, that a message is one record from a P-256 key, which answer a refusal gets.
 * The decryption's test (push-service-double.test.ts) reads the RFC 8291 example message, so the pair
 * cannot agree on a mistake of their own.
 *
 * It speaks HTTPS only, because `web-push` does (see loopback-certificate.ts). The app reaches it only
 * when a test says so (app/domain/push/push-network.server.ts): services built with it in this process
 * (`testServices(db, { pushService })`, tests/support/services.ts), or, for a built server the browser
 * journeys start, the file named in its UNSAFE_TEST_PUSH_SERVICE holding `{ origin, certificate }`.
 */
import { createECDH, createPublicKey, randomBytes, randomUUID, type ECDH } from "node:crypto";
import https from "node:https";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { decrypt as decryptAes128gcm } from "http_ece";
import jws from "jws";
import { createLoopbackCertificate } from "./loopback-certificate";

export const PUSH_URGENCIES = ["very-low", "low", "normal", "high"] as const;
export type PushUrgency = (typeof PUSH_URGENCIES)[number];

export const PUSH_SERVICE_LIMITS = {
  /**
   * RFC 8291 section 4 obliges push services to take 4,096 bytes of encrypted body; FCM, autopush and
   * Apple take no more. After the 86-byte header and the 17 bytes of delimiter and tag that leaves
   * 3,993 bytes of text.
   */
  maxBodyBytes: 4096,
  /** RFC 8292 section 2: a VAPID token's `exp` is at most 24 hours away. */
  maxVapidLifetimeSeconds: 24 * 60 * 60,
} as const;

/** The reason a refusal gives (the body of the answer, after which a detail may follow). */
export const PUSH_REFUSAL = {
  unknownEndpoint: "No such subscription",
  expired: "The subscription has expired or was unsubscribed",
  notPost: "Push messages are POSTed",
  noVapid: "An 'Authorization: vapid t=<JWT>, k=<public key>' header is required",
  invalidVapid: "Invalid VAPID authorization",
  wrongApplicationServerKey: "The subscription was made with another application server key",
  noTtl: "A TTL header (seconds, 0 or more) is required",
  badUrgency: "Urgency must be one of very-low, low, normal, high",
  tooLarge: "The push message is larger than 4096 bytes",
  notAes128gcm: "The payload must be sent with Content-Encoding: aes128gcm",
  undecryptable: "The payload does not decrypt with the subscription's keys",
} as const;

/** What reached a subscription's endpoint, decrypted as its browser would. */
export interface ReceivedPush {
  endpoint: string;
  /** Seconds the push service may keep the message for an offline browser (the TTL header). */
  ttl: number;
  urgency?: PushUrgency;
  topic?: string;
  /** The decrypted payload as UTF-8 text; "" for a push without payload. */
  payload: string;
}

/** The shape of a browser's `PushSubscription.toJSON()`: what the app stores and sends to. */
export interface TestPushSubscription {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

export interface BrowserMadeSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  privateKey: string;
  applicationServerKey?: string;
}

export interface TestPushService {
  /** `https://127.0.0.1:<port>`: the `aud` a VAPID token for this service must name. */
  origin: string;
  /** PEM of the service's self-signed certificate, for a client in another process. */
  certificate: string;
  /** An HTTPS agent that trusts the service, for web-push's `agent` option in this process. */
  agent: https.Agent;
  received: ReceivedPush[];
  /**
   * A new subscription, as `PushManager.subscribe()` makes one. With `applicationServerKey` (the
   * VAPID public key, base64url) it accepts only pushes signed with that key, as browsers bind it.
   */
  subscribe(options?: { applicationServerKey?: string }): TestPushSubscription;
  /**
   * A subscription a browser made itself, as the journeys' stand-in for `PushManager.subscribe()` does
   * in the page (a P-256 pair made with WebCrypto): an endpoint on this service, its keys, and the
   * private key (`d` of its JWK, base64url), with which the service decrypts what reaches it, as that
   * browser would. Throws when the private key is not the one of `keys.p256dh`.
   */
  adopt(subscription: BrowserMadeSubscription): void;
  /** Binds every subscription made without a key of its own to this VAPID public key (null unbinds). */
  expectVapidPublicKey(publicKey: string | null): void;
  /** From now on the endpoint answers 410 Gone, as it does once the browser unsubscribed. */
  expire(endpoint: string): void;
  /** The first push to `endpoint` (already received or still to come), or fails after `timeoutMs`. */
  waitFor(endpoint: string, timeoutMs?: number): Promise<ReceivedPush>;
  close(): Promise<void>;
}

/** What the browser behind an endpoint holds: its key pair and auth secret never leave the service. */
interface Subscriber {
  endpoint: string;
  ecdh: ECDH;
  authSecret: Buffer;
  applicationServerKey?: string;
  isExpired: boolean;
}

interface Answer {
  status: number;
  text: string;
  location?: string;
}

export async function startPushService(): Promise<TestPushService> {
  const { key, certificate } = await createLoopbackCertificate("Newsdesk test push service");
  const subscribers = new Map<string, Subscriber>();
  const received: ReceivedPush[] = [];
  const waiters: Array<{ endpoint: string; resolve: (push: ReceivedPush) => void }> = [];
  let expectedVapidKey: string | null = null;
  let origin = "";

  function deliver(push: ReceivedPush) {
    received.push(push);
    for (const waiter of waiters.splice(0)) {
      if (waiter.endpoint === push.endpoint) waiter.resolve(push);
      else waiters.push(waiter);
    }
  }

  const server = https.createServer({ key, cert: certificate }, (request, response) => {
    readBody(request)
      .then((body) => {
        const subscriber = subscribers.get(request.url ?? "");
        const expectedKey = subscriber?.applicationServerKey ?? expectedVapidKey;
        answer(response, handlePush(request, body, { origin, subscriber, expectedKey, deliver }));
      })
      .catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const agent = new https.Agent({ ca: certificate });

  return {
    origin,
    certificate,
    agent,
    received,
    subscribe(options = {}) {
      const path = `/push/${randomBytes(16).toString("base64url")}`;
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const subscriber: Subscriber = {
        endpoint: `${origin}${path}`,
        ecdh,
        authSecret: randomBytes(16),
        applicationServerKey: options.applicationServerKey,
        isExpired: false,
      };
      subscribers.set(path, subscriber);
      return {
        endpoint: subscriber.endpoint,
        expirationTime: null,
        keys: {
          p256dh: ecdh.getPublicKey().toString("base64url"), // uncompressed point, 65 bytes
          auth: subscriber.authSecret.toString("base64url"),
        },
      };
    },
    adopt({ endpoint, keys, privateKey, applicationServerKey }) {
      if (!endpoint.startsWith(`${origin}/push/`)) throw new Error(`${endpoint} is not on this service`);
      const ecdh = createECDH("prime256v1");
      ecdh.setPrivateKey(Buffer.from(privateKey, "base64url"));
      if (!ecdh.getPublicKey().equals(Buffer.from(keys.p256dh, "base64url")))
        throw new Error("The private key does not belong to the subscription's p256dh");
      const authSecret = Buffer.from(keys.auth, "base64url");
      if (authSecret.length !== 16) throw new Error("The auth secret is not 16 bytes");
      subscribers.set(endpoint.slice(origin.length), {
        endpoint,
        ecdh,
        authSecret,
        applicationServerKey,
        isExpired: false,
      });
    },
    expectVapidPublicKey(publicKey) {
      expectedVapidKey = publicKey;
    },
    expire(endpoint) {
      const subscriber = [...subscribers.values()].find((s) => s.endpoint === endpoint);
      if (!subscriber) throw new Error(`The test push service never gave out ${endpoint}`);
      subscriber.isExpired = true;
    },
    waitFor(endpoint, timeoutMs = 5000) {
      const already = received.find((push) => push.endpoint === endpoint);
      if (already) return Promise.resolve(already);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`No push to ${endpoint} within ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiters.push({
          endpoint,
          resolve: (push) => {
            clearTimeout(timer);
            resolve(push);
          },
        });
      });
    },
    close() {
      agent.destroy();
      server.closeAllConnections(); // keep-alive sockets would hold close() open
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

interface PushContext {
  origin: string;
  subscriber: Subscriber | undefined;
  expectedKey: string | null | undefined;
  deliver: (push: ReceivedPush) => void;
}

/**
 * One push request, checked in the order a push service can: first whether the endpoint exists, then
 * who sends (VAPID), then the message's headers, and last its payload, which only the browser can read.
 */
function handlePush(request: IncomingMessage, body: Buffer, context: PushContext): Answer {
  const { subscriber } = context;
  if (!subscriber) return { status: 404, text: PUSH_REFUSAL.unknownEndpoint };
  if (subscriber.isExpired) return { status: 410, text: PUSH_REFUSAL.expired };
  if (request.method !== "POST") return { status: 405, text: PUSH_REFUSAL.notPost };

  const refusal = checkVapid(request.headers.authorization, context.origin, context.expectedKey);
  if (refusal) return refusal;

  const ttl = parseTtl(request.headers.ttl);
  if (ttl === null) return { status: 400, text: PUSH_REFUSAL.noTtl };
  const urgency = request.headers.urgency;
  if (urgency !== undefined && !isPushUrgency(urgency)) return { status: 400, text: PUSH_REFUSAL.badUrgency };
  if (body.length > PUSH_SERVICE_LIMITS.maxBodyBytes) return { status: 413, text: PUSH_REFUSAL.tooLarge };

  let payload = "";
  // RFC 8030 section 5: a push may carry no payload at all (the browser only wakes its service worker).
  if (body.length > 0) {
    if (request.headers["content-encoding"] !== "aes128gcm")
      return { status: 400, text: PUSH_REFUSAL.notAes128gcm };
    try {
      payload = decryptPushMessage(body, subscriber.ecdh, subscriber.authSecret).toString("utf8");
    } catch (error) {
      return { status: 400, text: `${PUSH_REFUSAL.undecryptable}: ${(error as Error).message}` };
    }
  }
  const topic = request.headers.topic;
  context.deliver({
    endpoint: subscriber.endpoint,
    ttl,
    ...(urgency === undefined ? {} : { urgency }),
    ...(typeof topic === "string" ? { topic } : {}),
    payload,
  });
  // RFC 8030 section 5: 201 and the address of the push message resource that was made.
  return { status: 201, text: "", location: `${context.origin}/message/${randomUUID()}` };
}

function parseTtl(header: string | string[] | undefined): number | null {
  if (typeof header !== "string" || !/^\d+$/.test(header.trim())) return null;
  return Number(header.trim());
}

function isPushUrgency(value: string | string[]): value is PushUrgency {
  return typeof value === "string" && (PUSH_URGENCIES as readonly string[]).includes(value);
}

// ---------------------------------------------------------------------------------------------------
// VAPID (RFC 8292): who sends, proven by an ES256 JWT signed with the application server's key.

/** 401 when there is no VAPID at all, 403 when there is but it does not hold (RFC 8292 section 4.2). */
function checkVapid(
  authorization: string | undefined,
  audience: string,
  expectedKey: string | null | undefined,
): Answer | null {
  const credentials = authorization ? parseVapidAuthorization(authorization) : null;
  if (!credentials) return { status: 401, text: PUSH_REFUSAL.noVapid };
  try {
    const claims = verifyEs256Jwt(credentials.token, credentials.publicKey);
    checkVapidClaims(claims, audience, Math.floor(Date.now() / 1000));
  } catch (error) {
    return { status: 403, text: `${PUSH_REFUSAL.invalidVapid}: ${(error as Error).message}` };
  }
  if (expectedKey && !base64urlEqual(expectedKey, credentials.publicKey))
    return { status: 403, text: PUSH_REFUSAL.wrongApplicationServerKey };
  return null;
}

/** `vapid t=<JWT>, k=<key>`; the parameters are HTTP auth-params, so either order and quotes are allowed. */
function parseVapidAuthorization(header: string): { token: string; publicKey: string } | null {
  const match = /^vapid\s+(.+)$/i.exec(header.trim());
  if (!match) return null;
  const params = new Map<string, string>();
  for (const param of match[1]!.split(",")) {
    const separator = param.indexOf("=");
    if (separator < 0) continue;
    const value = param.slice(separator + 1).trim();
    params.set(param.slice(0, separator).trim().toLowerCase(), value.replace(/^"(.*)"$/, "$1"));
  }
  const token = params.get("t");
  const publicKey = params.get("k");
  return token && publicKey ? { token, publicKey } : null;
}

/** The claims of a JWS compact token whose ES256 signature `publicKey` (a raw P-256 point) verifies. */
function verifyEs256Jwt(token: string, publicKey: string): Record<string, unknown> {
  const decoded = jws.decode(token, { json: true });
  if (!decoded || token.split(".").length !== 3) throw new Error("t is not a JWT");
  if (decoded.header.alg !== "ES256") throw new Error("the JWT's alg is not ES256");
  if (!jws.verify(token, "ES256", vapidPublicKeyPem(publicKey)))
    throw new Error("the JWT's signature does not match k");
  const claims: unknown = decoded.payload;
  if (!claims || typeof claims !== "object") throw new Error("a JWT part is not a JSON object");
  return claims as Record<string, unknown>;
}

/** The VAPID `k` (an uncompressed P-256 point, base64url) as the PEM public key `jws` verifies with. */
function vapidPublicKeyPem(publicKey: string): string {
  const point = Buffer.from(publicKey, "base64url");
  if (point.length !== 65 || point[0] !== 0x04) throw new Error("k is not an uncompressed P-256 point");
  const jwk = {
    kty: "EC",
    crv: "P-256",
    x: point.subarray(1, 33).toString("base64url"),
    y: point.subarray(33).toString("base64url"),
  };
  return createPublicKey({ key: jwk, format: "jwk" }).export({ type: "spki", format: "pem" }).toString();
}

function checkVapidClaims(claims: Record<string, unknown>, audience: string, nowSeconds: number) {
  const { aud, exp, sub } = claims;
  if (aud !== audience) throw new Error(`aud is ${JSON.stringify(aud)}, not ${audience}`);
  if (typeof exp !== "number" || exp <= nowSeconds) throw new Error("exp is missing or past");
  if (exp > nowSeconds + PUSH_SERVICE_LIMITS.maxVapidLifetimeSeconds)
    throw new Error("exp is more than 24 hours ahead");
  if (typeof sub !== "string" || !/^(mailto|https):/.test(sub) || !URL.canParse(sub))
    throw new Error("sub is not a mailto: or https: URL");
}

function base64urlEqual(a: string, b: string): boolean {
  return Buffer.from(a, "base64url").equals(Buffer.from(b, "base64url"));
}

// ---------------------------------------------------------------------------------------------------
// Message Encryption for Web Push (RFC 8291) with the aes128gcm content coding (RFC 8188), decrypted
// as the browser does.

const AES128GCM = {
  saltBytes: 16,
  /** salt(16) | rs (uint32) | idlen (1) */
  fixedHeaderBytes: 21,
  /** The sender's ephemeral public key, which RFC 8291 section 4 puts in the keyid. */
  keyidBytes: 65,
} as const;

/**
 * What RFC 8291 section 4 asks of a push message beyond the coding itself (one record, the keyid a
 * P-256 public key), then the decryption by `http_ece`, which checks the tag and the padding.
 */
export function decryptPushMessage(body: Buffer, ecdh: ECDH, authSecret: Buffer): Buffer {
  if (body.length < AES128GCM.fixedHeaderBytes) throw new Error("the body is shorter than its header");
  const idLength = body[AES128GCM.fixedHeaderBytes - 1]!;
  if (idLength !== AES128GCM.keyidBytes) throw new Error(`the keyid is ${idLength} bytes, not a P-256 key`);
  const recordSize = body.readUInt32BE(AES128GCM.saltBytes);
  if (body.length - AES128GCM.fixedHeaderBytes - idLength > recordSize)
    throw new Error("the message spans more than one record");
  return decryptAes128gcm(body, { version: "aes128gcm", privateKey: ecdh, authSecret });
}

// ---------------------------------------------------------------------------------------------------
// HTTP plumbing.

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks)));
    request.on("error", reject);
  });
}

function answer(response: ServerResponse, { status, text, location }: Answer) {
  response.writeHead(status, {
    "content-type": "text/plain; charset=utf-8",
    ...(location ? { location } : {}),
  });
  response.end(text);
}
