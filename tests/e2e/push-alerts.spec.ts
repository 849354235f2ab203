import { rm, writeFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { PUSH_TEXT } from "../../app/domain/push/push-topics";
import {
  startPushService,
  type BrowserMadeSubscription,
  type TestPushService,
} from "../support/push-service-double";
import { E2E_ACCOUNTS } from "./accounts";
import { signIn } from "./helpers";
import { PUSH_SERVICE_FILE } from "./push-service";
import { switchOnTwi } from "./twi-edition";

/**
 * Breaking-news alerts from a reader's browser to their phone (decision record 017): the reader taps
 * "Get breaking news alerts" on a real page, the server keeps the subscription (the Subscribers screen
 * counts it), an editor publishes a Breaking News story, and the alert reaches the push service,
 * which decrypts it with the key the page made. The reader then turns alerts off with the same button.
 *
 * Chromium's own push service is Google's, which this machine cannot reach: the page's
 * `pushManager.subscribe` is replaced by a stand-in that does what a browser does, a real P-256 key pair
 * made with WebCrypto and a 16-byte auth secret, with an endpoint on the test's own push service. The
 * site may reach that service (on 127.0.0.1) only because this journey names it in the file the
 * server's UNSAFE_TEST_PUSH_SERVICE points at, and only while it runs.
 */
test.describe.configure({ mode: "serial" });

const STAND_IN_KEY = "e2e-push-stand-in";
const title = `Volta dam spillway opened ${Date.now()}`;
let push: TestPushService;
let subscription: BrowserMadeSubscription;

test.beforeAll(async () => {
  push = await startPushService();
  await writeFile(PUSH_SERVICE_FILE, JSON.stringify({ origin: push.origin, certificate: push.certificate }));
});
test.afterAll(async () => {
  await rm(PUSH_SERVICE_FILE, { force: true });
  await push?.close();
});

/**
 * Replaces the browser's push service in the page, before any script of the page runs. The
 * subscription it makes is kept in localStorage (private key included) so that the page after the next
 * navigation has it too, as a browser keeps its subscription; `failPush` makes subscribing fail as a
 * push service that cannot be reached does.
 */
async function standInPushService(page: Page, options: { failPush?: boolean } = {}) {
  await page.context().grantPermissions(["notifications"]);
  await page.addInitScript(
    ({ origin, key, failPush }) => {
      const base64url = (bytes: ArrayBuffer | Uint8Array) =>
        btoa(String.fromCharCode(...new Uint8Array(bytes)))
          .replace(/\+/g, "-")
          .replace(/\//g, "_")
          .replace(/=+$/, "");
      interface Stored {
        endpoint: string;
        keys: { p256dh: string; auth: string };
      }
      const asSubscription = (stored: Stored) => ({
        endpoint: stored.endpoint,
        expirationTime: null,
        toJSON: () => ({ endpoint: stored.endpoint, expirationTime: null, keys: stored.keys }),
        unsubscribe: async () => {
          localStorage.removeItem(key);
          return true;
        },
      });
      PushManager.prototype.getSubscription = async function () {
        const stored = localStorage.getItem(key);
        return (stored ? asSubscription(JSON.parse(stored) as Stored) : null) as PushSubscription | null;
      };
      PushManager.prototype.subscribe = async function (request?: PushSubscriptionOptionsInit) {
        if (failPush) throw new DOMException("Registration failed - push service error", "AbortError");
        const pair = await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, [
          "deriveBits",
        ]);
        const publicKey = await crypto.subtle.exportKey("raw", pair.publicKey); // 65 bytes, uncompressed
        const { d } = await crypto.subtle.exportKey("jwk", pair.privateKey);
        const serverKey = request?.applicationServerKey;
        const stored = {
          endpoint: `${origin}/push/${base64url(crypto.getRandomValues(new Uint8Array(16)))}`,
          keys: { p256dh: base64url(publicKey), auth: base64url(crypto.getRandomValues(new Uint8Array(16))) },
          privateKey: d,
          applicationServerKey: serverKey instanceof Uint8Array ? base64url(serverKey) : undefined,
        };
        localStorage.setItem(key, JSON.stringify(stored));
        return asSubscription(stored) as unknown as PushSubscription;
      };
    },
    { origin: push.origin, key: STAND_IN_KEY, failPush: options.failPush ?? false },
  );
}

/** The Subscribers screen's alert figures, by label. */
async function alertFigures(page: Page) {
  await page.goto("/admin/subscribers");
  const figures = page.getByRole("region", { name: "Breaking-news alerts (web push)" });
  await expect(figures).toBeVisible();
  const figure = async (label: string) =>
    Number(
      (
        await figures
          .locator("div", { has: page.getByText(label, { exact: true }) })
          .locator("dd")
          .innerText()
      ).replace(/\D/g, ""),
    );
  return {
    browsers: await figure("Browsers subscribed"),
    breaking: await figure("Getting breaking news"),
    sent: await figure("Alerts sent, last 24 h"),
    delivered: await figure("Deliveries, last 24 h"),
  };
}

test("a reader whose browser cannot subscribe is told so, and nothing is kept", async ({ page, browser }) => {
  const editorContext = await browser.newContext();
  const editor = await editorContext.newPage();
  await signIn(editor, E2E_ACCOUNTS.editor);
  const before = await alertFigures(editor);

  await standInPushService(page, { failPush: true });
  await page.goto("/");
  await page.locator("footer").getByRole("button", { name: PUSH_TEXT.breakingOn }).click();
  await expect(page.getByRole("alert").filter({ hasText: PUSH_TEXT.failed })).toBeVisible();
  await expect(page.locator("footer").getByRole("button", { name: PUSH_TEXT.breakingOn })).toBeVisible();

  expect(await alertFigures(editor)).toEqual(before);
  await editorContext.close();
});

test("a reader turns on breaking-news alerts, an editor publishes Breaking News, the alert reaches the phone", async ({
  page,
  browser,
}) => {
  const editorContext = await browser.newContext();
  const editor = await editorContext.newPage();
  await signIn(editor, E2E_ACCOUNTS.editor);
  const before = await alertFigures(editor);

  await standInPushService(page);
  await page.goto("/");
  const saved = page.waitForResponse(
    (r) => r.url().endsWith("/resources/alerts") && r.request().method() === "POST",
  );
  await page.locator("footer").getByRole("button", { name: PUSH_TEXT.breakingOn }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByText(PUSH_TEXT.subscribed)).toBeVisible();
  await expect(page.locator("footer").getByRole("button", { name: PUSH_TEXT.breakingOff })).toHaveAttribute(
    "aria-pressed",
    "true",
  );

  // The push service learns the keys the page made, as the browser behind a real endpoint holds them.
  subscription = await page.evaluate(
    (key) => JSON.parse(localStorage.getItem(key) ?? "null") as BrowserMadeSubscription,
    STAND_IN_KEY,
  );
  expect(subscription.applicationServerKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
  push.adopt(subscription);

  // The server kept it: one more browser, getting breaking news.
  expect(await alertFigures(editor)).toMatchObject({
    browsers: before.browsers + 1,
    breaking: before.breaking + 1,
  });

  // An editor publishes a story as Breaking News.
  await editor.goto("/admin/articles/add");
  await editor.getByLabel("Title", { exact: true }).fill(title);
  await editor.getByRole("textbox", { name: "Content", exact: true }).click();
  await editor.keyboard.type("The Volta River Authority opened the Akosombo spillway this morning.");
  await editor.getByLabel("Status", { exact: true }).selectOption("published");
  await editor.getByRole("checkbox", { name: "Breaking News" }).check();
  await editor.getByRole("button", { name: "Create Article" }).click();
  await expect(editor.getByText("Article Created!")).toBeVisible();

  // The alert, decrypted with the page's private key and signed with the site's VAPID key.
  const received = await push.waitFor(subscription.endpoint, 20_000);
  expect(received.urgency).toBe("high");
  expect(JSON.parse(received.payload)).toMatchObject({
    title: PUSH_TEXT.breakingTitle,
    body: title,
    url: expect.stringMatching(/^\/article\/volta-dam-spillway-opened/),
  });
  await expect
    .poll(async () => (await alertFigures(editor)).delivered, { timeout: 20_000 })
    .toBe(before.delivered + 1);
  expect((await alertFigures(editor)).sent).toBe(before.sent + 1);

  // The reader turns alerts off from the same button: the server forgets the browser.
  await page.goto("/");
  await page.locator("footer").getByRole("button", { name: PUSH_TEXT.breakingOff }).click();
  await expect(page.getByText(PUSH_TEXT.unsubscribed)).toBeVisible();
  await expect(page.locator("footer").getByRole("button", { name: PUSH_TEXT.breakingOn })).toBeVisible();
  expect(await alertFigures(editor)).toMatchObject({ browsers: before.browsers, breaking: before.breaking });
  await editorContext.close();
});

/**
 * An edition's own breaking news (decision record 022, point 11), and the words the reader script writes
 * there from the page's `nd-text` island (point 6): Twi's catalogue says a missing photo's placeholder.
 */
test("on a Twi page the button follows Twi's breaking news, whose alert opens a page the script speaks Twi on", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const editorContext = await browser.newContext();
  const editor = await editorContext.newPage();
  await signIn(editor, E2E_ACCOUNTS.admin);
  await switchOnTwi(editor);
  await editorContext.clearCookies();
  await signIn(editor, E2E_ACCOUNTS.editor);
  const before = await alertFigures(editor);

  await standInPushService(page);
  await page.goto("/tw/");
  const button = page.locator("footer").getByRole("button", { name: PUSH_TEXT.breakingOn });
  await expect(button).toHaveAttribute("data-push-topic", "breaking:tw");
  const saved = page.waitForResponse(
    (r) => r.url().endsWith("/resources/alerts") && r.request().method() === "POST",
  );
  await button.click();
  const answer = await saved;
  expect(new URLSearchParams(answer.request().postData() ?? "").get("topic")).toBe("breaking:tw");
  expect(await answer.json()).toMatchObject({ topics: ["breaking:tw"] });
  await expect(page.getByText(PUSH_TEXT.subscribed)).toBeVisible();
  const twi = await page.evaluate(
    (key) => JSON.parse(localStorage.getItem(key) ?? "null") as BrowserMadeSubscription,
    STAND_IN_KEY,
  );
  push.adopt(twi);
  // One more browser, not one more getting the main edition's breaking news.
  expect(await alertFigures(editor)).toMatchObject({
    browsers: before.browsers + 1,
    breaking: before.breaking,
  });

  // The Twi desk publishes Breaking News whose photo is gone from the media store.
  const twiTitle = `Kumasi gua no abue bio ${Date.now()}`;
  await editor.goto("/admin/articles/add");
  await editor.getByLabel("Language", { exact: true }).selectOption("tw");
  await editor.getByLabel("Title", { exact: true }).fill(twiTitle);
  await editor.getByRole("textbox", { name: "Content", exact: true }).click();
  await editor.keyboard.type("Kumasi Kɛseɛ gua no abue bio nnɛ anɔpa.");
  await editor.getByLabel("Featured image URL").fill(`/media/e2e-gone-${Date.now()}.jpg`);
  await editor.getByLabel("Status", { exact: true }).selectOption("published");
  await editor.getByRole("checkbox", { name: "Breaking News" }).check();
  await editor.getByRole("button", { name: "Create Article" }).click();
  await expect(editor.getByText("Article Created!")).toBeVisible();

  const received = await push.waitFor(twi.endpoint, 20_000);
  const alert = JSON.parse(received.payload) as { title: string; body: string; url: string };
  // Twi's catalogue has no title for an alert yet: English's, as the Editions screen lists.
  expect(alert).toMatchObject({
    title: PUSH_TEXT.breakingTitle,
    body: twiTitle,
    url: expect.stringMatching(/^\/tw\/article\//),
  });

  // The photo fails in the browser: the script's placeholder says Twi's words, from the page's island.
  const served = await (await page.request.get(alert.url)).text();
  expect(served).toMatch(/<img[^>]*data-fallback="article"/);
  await page.goto(alert.url);
  const placeholder = page.getByRole("img", { name: "Mfonini no nni hɔ" });
  await expect(placeholder).toBeVisible();
  await expect(placeholder).toContainText("Mfonini no nni hɔ");

  // Off again from the Twi page's button.
  await page.locator("footer").getByRole("button", { name: PUSH_TEXT.breakingOff }).click();
  await expect(page.getByText(PUSH_TEXT.unsubscribed)).toBeVisible();
  expect(await alertFigures(editor)).toMatchObject({ browsers: before.browsers, breaking: before.breaking });
  await editorContext.close();
});
