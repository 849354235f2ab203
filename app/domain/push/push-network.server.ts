/**
 * Where the server may send a push: push services on the public internet, never this machine or the
 * networks around it (decision record 017). Anyone may subscribe, and the server posts to the endpoint
 * they send, so an endpoint is checked twice. When it is subscribed, its host: an address written in
 * it (`[::ffff:127.0.0.1]`, `100.64.0.1`) must be a public one and a name must not be this machine's.
 * When an alert is sent, the address actually connected to, after DNS: a name that resolves to
 * 127.0.0.1, or a record changed after subscribing, gets nothing either.
 *
 * Addresses are classified by `ipaddr.js` (the version Express already brings), not by a pattern on the
 * text: IPv4 written inside IPv6 (`::ffff:a9fe:a9fe` is 169.254.169.254) is judged as the IPv4 it is,
 * and of IPv6 only global unicast (2000::/3) counts, which leaves out `::7f00:1` (an IPv4-compatible
 * address), NAT64 and every range ipaddr.js 1.9 does not name.
 *
 * Why our own agent rather than `request-filtering-agent`: its 3.2.1 lets `::7f00:1` through (its
 * ipaddr.js calls it unicast), and its deny list cannot hold the IPv6 blocks beside IPv4 addresses
 * (matching across families throws; it logs a warning on every connection). The agent below is its
 * idea, over the classification above: the address literal checked before connecting, every address a
 * name resolves to checked before one is used.
 *
 * Tests run a push service of their own on 127.0.0.1 (tests/support/push-service-double.ts). Exactly that
 * one origin, with its own certificate, is let through, and only when a test says so: in the test
 * process by building its services with that service (`createPushNetwork({ testService })`,
 * tests/support/services.ts), or for a built server under test with the file named in
 * `UNSAFE_TEST_PUSH_SERVICE`, which the test writes while its service runs (docs/operations.md).
 */
import dns from "node:dns";
import { readFileSync } from "node:fs";
import https from "node:https";
import net from "node:net";
import type { Duplex } from "node:stream";
import ipaddr from "ipaddr.js";

/** Global unicast: every other IPv6 block is special-purpose, unassigned or an IPv4 in disguise. */
const IPV6_GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR("2000::/3");

/**
 * IANA's special-purpose IPv4 blocks that ipaddr.js 1.9 calls unicast (its own list already has
 * loopback, private, link-local, CGNAT 100.64/10, 0/8, 192.0.0/24, multicast, 240/4 and broadcast):
 * documentation (TEST-NET-1 to 3), benchmarking and the old 6to4 relay.
 */
const IPV4_SPECIAL_PURPOSE = [
  "192.0.2.0/24",
  "198.18.0.0/15",
  "198.51.100.0/24",
  "203.0.113.0/24",
  "192.88.99.0/24",
].map((cidr) => ipaddr.IPv4.parseCIDR(cidr));

/** Whether `address` (an IP address as text) is one on the public internet. Anything else is not. */
export function isPublicAddress(address: string): boolean {
  if (net.isIP(address) === 0) return false;
  // An IPv4 written as IPv6 (::ffff:a.b.c.d) is judged as the IPv4 it reaches.
  const ip = ipaddr.process(address);
  if (ip.range() !== "unicast") return false;
  if (ip instanceof ipaddr.IPv6) return ip.match(IPV6_GLOBAL_UNICAST);
  return !IPV4_SPECIAL_PURPOSE.some((block) => ip.match(block));
}

/**
 * Names that are this machine or its network whatever DNS says: `localhost` and its subdomains (RFC
 * 6761), `.local` (multicast DNS), and names of one label, which the resolver completes with the
 * local search domains. Push services have public names of several labels.
 */
function isLocalName(name: string): boolean {
  const host = name.toLowerCase().replace(/\.$/, "");
  return !host.includes(".") || host === "localhost" || /\.(localhost|local)$/.test(host);
}

/**
 * A push endpoint's host as a subscription gives it (URL hostname: IPv6 in brackets, IPv4 already
 * normalised from forms such as `0x7f.1`): may the server send there? Names are judged again, by the
 * address they resolve to, when an alert is sent (`PushNetwork.agentFor`).
 */
export function isPublicHost(hostname: string): boolean {
  const host = hostname.replace(/^\[(.*)\]$/, "$1");
  if (net.isIP(host) !== 0) return isPublicAddress(host);
  return host.length > 0 && !isLocalName(host);
}

// ---------------------------------------------------------------------------------------------------
// Sending: the address connected to.

/** The error a refused connection fails with (web-push reports it as the send's failure). */
export class PrivateAddressError extends Error {
  constructor(host: string, address: string) {
    super(
      `[push] refused to connect to ${address}${host === address ? "" : ` (${host})`}: not a public address`,
    );
    this.name = "PrivateAddressError";
  }
}

type LookupAll = (error: NodeJS.ErrnoException | null, addresses: dns.LookupAddress[]) => void;
type LookupOne = (error: NodeJS.ErrnoException | null, address: string, family: number) => void;

/** `dns.lookup` that fails when any address the name resolves to is not public (no mixed answers). */
function publicOnlyLookup(hostname: string, options: dns.LookupOptions, callback: LookupAll | LookupOne) {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    const refused = error ? undefined : addresses.find((entry) => !isPublicAddress(entry.address));
    const failure = error ?? (refused ? new PrivateAddressError(hostname, refused.address) : null);
    if (options.all) (callback as LookupAll)(failure, failure ? [] : addresses);
    else (callback as LookupOne)(failure, addresses[0]?.address ?? "", addresses[0]?.family ?? 4);
  });
}

/**
 * An HTTPS agent that connects to public addresses only. An address in the URL is checked before
 * connecting; a name is resolved through `publicOnlyLookup`, so the socket only ever opens to an
 * address that was checked (net.connect connects to what the lookup returned, with no second lookup).
 */
class PublicOnlyAgent extends https.Agent {
  override createConnection(
    options: https.RequestOptions,
    callback?: (error: Error | null, stream: Duplex) => void,
  ): Duplex | null | undefined {
    const host = (options.host ?? options.hostname ?? "").replace(/^\[(.*)\]$/, "$1");
    if (net.isIP(host) !== 0 && !isPublicAddress(host)) {
      const error = new PrivateAddressError(host, host);
      const socket = new net.Socket();
      // The agent takes the callback's error as the request's, and never connects the socket.
      if (callback) callback(error, socket);
      else socket.destroy(error);
      return socket;
    }
    return super.createConnection({ ...options, lookup: publicOnlyLookup } as https.RequestOptions, callback);
  }
}

const publicOnlyAgent = new PublicOnlyAgent();

// ---------------------------------------------------------------------------------------------------
// Tests' own push service.

export interface TestPushServiceAccess {
  /** `https://127.0.0.1:<port>` (or `[::1]`): the one origin let through. */
  origin: string;
  /** Its self-signed certificate (PEM), trusted for that origin only. */
  certificate: string;
}

interface AllowedTestService extends TestPushServiceAccess {
  agent: https.Agent;
}

/** A loopback https origin (host and port), or null: tests' push services run on this machine only. */
function loopbackOrigin(origin: unknown): string | null {
  if (typeof origin !== "string" || !URL.canParse(origin)) return null;
  const url = new URL(origin);
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  const isLoopback = net.isIP(host) !== 0 && ipaddr.process(host).range() === "loopback";
  return url.protocol === "https:" && isLoopback && url.origin === origin ? url.origin : null;
}

function allowed(service: TestPushServiceAccess): AllowedTestService {
  const origin = loopbackOrigin(service.origin);
  if (!origin)
    throw new Error(`A test push service must be an https origin on 127.0.0.1, not ${service.origin}`);
  return { origin, certificate: service.certificate, agent: new https.Agent({ ca: service.certificate }) };
}

/**
 * The test push service a built server under test may reach: the JSON file `{ origin, certificate }`
 * named in UNSAFE_TEST_PUSH_SERVICE, read when needed (the test writes it once its service listens and
 * removes it after), and read again only when its text changes. Unset, as in every real deployment: none.
 */
function testServiceFromFile(file: string) {
  let fromFile: { text: string; service: AllowedTestService | null } | null = null;
  return {
    current(): AllowedTestService | null {
      let text = "";
      try {
        text = readFileSync(file, "utf8");
      } catch {
        return null;
      }
      if (fromFile?.text !== text) {
        fromFile?.service?.agent.destroy();
        let service: AllowedTestService | null = null;
        try {
          const value = JSON.parse(text) as Partial<TestPushServiceAccess>;
          if (typeof value.certificate === "string" && loopbackOrigin(value.origin))
            service = allowed({ origin: value.origin!, certificate: value.certificate });
        } catch {
          service = null;
        }
        fromFile = { text, service };
      }
      return fromFile.service;
    },
    close: () => fromFile?.service?.agent.destroy(),
  };
}

const isTestServiceEndpoint = (url: URL, service: AllowedTestService | null) =>
  service !== null && url.origin === service.origin;

/**
 * The push part of the process's services (app/services.server.ts): which endpoints a subscription may
 * name, and the agent an alert is sent through.
 */
export interface PushNetwork {
  /** May a subscription with this endpoint URL be kept? A public host, or the test's own service. */
  isAllowedHost(url: URL): boolean;
  /** The agent that sends to `endpoint`: public addresses only, or the test's own service. */
  agentFor(endpoint: string): https.Agent;
  /** Lets go of the test service's agent, if any. */
  close(): void;
}

export interface PushNetworkOptions {
  /** Tests only: the push service a test runs in this process (tests/support/services.ts). */
  testService?: TestPushServiceAccess;
  /** UNSAFE_TEST_PUSH_SERVICE: the file a built server under test reads its test push service from. */
  testServiceFile?: string;
}

/**
 * Public push services only; with a test service (given, or named in a file), also exactly that origin,
 * trusting its certificate. Every other loopback or private address stays refused.
 */
export function createPushNetwork({ testService, testServiceFile }: PushNetworkOptions = {}): PushNetwork {
  const inProcess = testService ? allowed(testService) : null;
  const fromFile = testServiceFile ? testServiceFromFile(testServiceFile) : null;
  const service = () => inProcess ?? fromFile?.current() ?? null;
  return {
    isAllowedHost: (url) => isTestServiceEndpoint(url, service()) || isPublicHost(url.hostname),
    agentFor(endpoint) {
      const allowedService = service();
      return allowedService &&
        URL.canParse(endpoint) &&
        isTestServiceEndpoint(new URL(endpoint), allowedService)
        ? allowedService.agent
        : publicOnlyAgent;
    },
    close() {
      inProcess?.agent.destroy();
      fromFile?.close();
    },
  };
}
