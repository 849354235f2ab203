/**
 * Phone first load: a page opened in real Chromium as Lighthouse's mobile device (Moto G Power: 412x823,
 * device pixel ratio 1.75, touch) with an empty cache, every byte counted as Chromium's network stack
 * reports it (CDP Network.loadingFinished encodedDataLength: headers and compressed body) once the page
 * has loaded and the network has been idle. Host names other than 127.0.0.1 do not resolve in this
 * browser, so nothing leaves the machine.
 */
import { chromium } from "@playwright/test";
import { CHROMIUM_FLAGS } from "../chromium.mjs";

/** The shared flags (scripts/chromium.mjs), headless, and no host but 127.0.0.1 resolves. */
const PHONE_FLAGS = [
  ...CHROMIUM_FLAGS,
  "--headless",
  "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
];

const MOTO_G_POWER = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  userAgent:
    "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36",
};

export interface PhoneLoad {
  bytes: number;
  requests: number;
  /** Bytes and requests by resource type (Document, Script, Image, Stylesheet, ...). */
  byType: Record<string, { bytes: number; requests: number }>;
  /** The biggest responses, for the reader of the report. */
  largest: Array<{ url: string; bytes: number }>;
}

/** `headers`: sent with every request, e.g. `Save-Data: on` for a lite page (decision record 019). */
export async function phoneFirstLoad(
  executablePath: string,
  url: string,
  headers: Record<string, string> = {},
): Promise<PhoneLoad> {
  const browser = await chromium.launch({ executablePath, args: PHONE_FLAGS, timeout: 60_000 });
  try {
    const context = await browser.newContext({ ...MOTO_G_POWER, extraHTTPHeaders: headers });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    const requests = new Map<string, { url: string; type: string }>();
    const finished = new Map<string, number>();
    cdp.on("Network.requestWillBeSent", (event) => {
      requests.set(event.requestId, { url: event.request.url, type: event.type ?? "Other" });
    });
    cdp.on("Network.loadingFinished", (event) => finished.set(event.requestId, event.encodedDataLength));
    await page.goto(url, { waitUntil: "load", timeout: 60_000 });
    await page.waitForLoadState("networkidle", { timeout: 30_000 }).catch(() => {
      console.warn("[bench] the phone page load did not reach network idle within 30 s");
    });
    const byType: PhoneLoad["byType"] = {};
    const all: Array<{ url: string; bytes: number }> = [];
    let bytes = 0;
    for (const [id, length] of finished) {
      const request = requests.get(id) ?? { url: "?", type: "Other" };
      const entry = (byType[request.type] ??= { bytes: 0, requests: 0 });
      entry.bytes += length;
      entry.requests += 1;
      bytes += length;
      all.push({ url: request.url, bytes: length });
    }
    all.sort((a, b) => b.bytes - a.bytes);
    return { bytes, requests: finished.size, byType, largest: all.slice(0, 3) };
  } finally {
    await browser.close();
  }
}
