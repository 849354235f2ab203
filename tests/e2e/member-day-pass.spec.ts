/**
 * A reader buys a day pass for a paid story (decision record 021), on the site with SMTP_URL, its mailbox
 * and its Paystack stand-in (tests/e2e/paystack.ts): an admin makes a story for paying readers; a reader
 * gets its preview and the offer, signs in from the mailed link, buys a day pass on the stand-in's page
 * (Approve: it sends the signed webhook and the browser back, as Paystack does) and reads the whole
 * story. Nothing of the rest stays on the device: the paying reader's page is `private` and the service
 * worker keeps none (decision record 019), so its caches and offline reading hold the preview at most,
 * and once the reader signs out the browser gives the preview too. A day and a minute later (the site's
 * clock moved, tests/e2e/clock.ts) the same reader, still signed in, gets the preview and the offer
 * again: the pass has run out. A free member without a pass reads the preview only, and keeps no more.
 * The same purchase without JavaScript: reader pages are plain links and forms (decision record 005).
 */
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { E2E_ACCOUNTS } from "./accounts";
import { moveSiteClock, resetSiteClock } from "./clock";
import { publishPaidStory, signIn } from "./helpers";
import { latestEmailTo, linkIn, MAIL } from "./mailbox";
import { PAYSTACK } from "./paystack";
import { cachedEntries, keptPaths, workerControls } from "./service-worker";

const OPENING = "The cocoa board raised the farm-gate price on Friday.";
const REST = "The rest of the cocoa story is for readers with a pass.";
const OFFER_HEADING = "This story is for paying readers";
/** A day pass lasts 24 hours (decision record 021): a minute past that it has run out. */
const DAY_PASS_AND_A_MINUTE = 24 * 3600_000 + 60_000;
let storyId = "";
let storyPath = "";

const address = (who: string) => `${who}.${Date.now().toString(36)}@readers.test`;

test.describe.configure({ mode: "serial" });

test.afterAll(async ({ browser }) => {
  // The site's own time again, whatever failed: the other e-mail journeys run on it.
  await resetSiteClock();
  if (!storyId) return;
  // Back to a draft: the e-mail journeys after this one mail the site's stories as they were.
  const context = await browser.newContext({ baseURL: MAIL.site });
  const page = await context.newPage();
  await signIn(page, E2E_ACCOUNTS.admin);
  await page.goto(`/admin/articles/edit/${storyId}`);
  await page.getByLabel("Status", { exact: true }).selectOption("draft");
  await page.getByRole("button", { name: "Update Article", exact: true }).click();
  await expect.poll(async () => (await fetch(`${MAIL.site}${storyPath}`)).status).toBe(404);
  await context.close();
});

async function publishCocoaStory(page: Page) {
  await signIn(page, E2E_ACCOUNTS.admin);
  storyId = await publishPaidStory(page, {
    title: `Cocoa price raised ${Date.now()}`,
    opening: OPENING,
    rest: REST,
  });
  await page.goto(`/article/${storyId}`);
  await expect(page.getByText(REST)).toBeVisible();
  storyPath = new URL(page.url()).pathname;
}

/** The story's preview and its offer, and nothing of the rest in what the server sent. */
async function expectPreview(page: Page) {
  const response = await page.goto(storyPath);
  expect(await response!.text()).not.toContain(REST);
  await expect(page.getByText(OPENING)).toBeVisible();
  await expect(page.getByText(REST)).toHaveCount(0);
  const offer = page.locator("[data-story-offer]");
  await expect(offer.getByRole("heading", { name: OFFER_HEADING })).toBeVisible();
  return offer;
}

/** From the offer's "Sign in" to the mailed link's button, and back to the story. */
async function signInFromOffer(page: Page, email: string) {
  const offer = await expectPreview(page);
  await offer.getByRole("link", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/account\/sign-in\?returnTo=/);
  await page.getByRole("main").getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Send me a sign-in link" }).click();
  await expect(page.getByRole("heading", { name: "Check your e-mail" })).toBeVisible();
  await page.goto(linkIn(await latestEmailTo(email), "/account/verify"));
  await page.getByRole("button", { name: `Sign in as ${email}` }).click();
  await expect(page).toHaveURL(new RegExp(`${storyPath}$`));
}

/** Signed in, still the preview: "Get a pass", a day pass approved on the stand-in's page, the story. */
async function buyDayPass(page: Page) {
  const offer = await expectPreview(page);
  await offer.getByRole("link", { name: "Get a pass" }).click();
  await expect(page.getByRole("heading", { name: "Support our journalism" })).toBeVisible();
  await expect(page.locator('[data-price="day"]')).toHaveText("GHS 2.00");
  await page.getByRole("button", { name: "Buy a day pass" }).click();

  await expect(page).toHaveURL(new RegExp(`^${PAYSTACK.apiUrl}/pay/`));
  await expect(page.getByRole("heading", { name: "Pay GHS 2.00" })).toBeVisible();
  await page.getByRole("button", { name: "Approve" }).click();

  await expect(page).toHaveURL(/\/account\/checkout\/return\?/);
  await expect(page.getByText(/Your day pass is active until/)).toBeVisible();
  await page.getByRole("link", { name: "Back to the story" }).click();
  await expect(page).toHaveURL(new RegExp(`${storyPath}$`));
  await expect(page.locator(".gated-part").getByText(REST)).toBeVisible();
  await expect(page.locator("[data-story-offer]")).toHaveCount(0);
}

/** The paying reader, the worker controlling the page, opens home (whose stories the worker fetches) and the story again. */
async function readAgainWithTheWorker(page: Page) {
  await workerControls(page);
  await page.goto("/");
  const story = await page.goto(storyPath);
  // Through the worker (decision record 019: pages from the network first, kept on the way).
  expect(story!.fromServiceWorker()).toBe(true);
  await expect(page.locator(".gated-part").getByText(REST)).toBeVisible();
}

/**
 * Every entry of every cache on the device: the rest of the story in none, whatever the worker fetched
 * (home's stories, the pages opened) or was answered. The story's own copy is the preview with the offer,
 * the page anyone is sent.
 */
async function expectNothingOfTheRestKept(page: Page) {
  await expect
    .poll(() => keptPaths(page), { timeout: 30_000 })
    .toEqual(expect.arrayContaining(["/", storyPath]));
  const entries = await cachedEntries(page);
  expect(entries.filter((entry) => entry.text.includes(REST)).map((e) => `${e.cache} ${e.address}`)).toEqual(
    [],
  );
  const story = entries.find((entry) => entry.address === storyPath);
  expect(story?.text).toContain(OPENING);
  expect(story?.text).toContain(OFFER_HEADING);
}

/** Offline, the story is the worker's copy: the preview and its offer, never the rest. */
async function expectOfflineStoryIsThePreview(context: BrowserContext, page: Page) {
  await context.setOffline(true);
  try {
    const response = await page.goto(storyPath);
    expect(response!.fromServiceWorker()).toBe(true);
    expect(await response!.text()).not.toContain(REST);
    await expect(page.getByText(OPENING)).toBeVisible();
    await expect(page.getByRole("heading", { name: OFFER_HEADING })).toBeVisible();
    await expect(page.getByText(REST)).toHaveCount(0);
  } finally {
    await context.setOffline(false);
  }
}

/** The account page's "Sign out": the browser is an anonymous reader's again, and home opens. */
async function signOut(page: Page) {
  await page.goto("/account");
  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
}

/**
 * Signed out in the same browser, the story is the preview with the offer to sign in, online and
 * offline, and the device still keeps nothing of the rest.
 */
async function expectPreviewOnceSignedOut(context: BrowserContext, page: Page) {
  await signOut(page);
  const offer = await expectPreview(page);
  await expect(offer.getByRole("link", { name: "Sign in" })).toBeVisible();
  await expectNothingOfTheRestKept(page);
  await expectOfflineStoryIsThePreview(context, page);
}

/**
 * A day and a minute after the purchase (the site's clock moved), the reader is still signed in (a
 * session lasts 90 days) and the pass has ended: the preview and the offer to buy another, no "Sign in".
 */
async function expectPassEndedADayLater(page: Page) {
  await moveSiteClock(DAY_PASS_AND_A_MINUTE);
  try {
    const offer = await expectPreview(page);
    await expect(offer.getByRole("link", { name: "Get a pass" })).toBeVisible();
    await expect(offer.getByRole("link", { name: "Sign in" })).toHaveCount(0);
  } finally {
    await resetSiteClock();
  }
}

test("an admin makes a paid story; a reader signs in from the mailed link, buys a day pass, reads it all, keeps none of it offline, and a day later gets the preview again", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  await publishCocoaStory(page);

  const context = await browser.newContext({ baseURL: MAIL.site });
  const reader = await context.newPage();
  try {
    await signInFromOffer(reader, address("abena"));
    await buyDayPass(reader);
    await readAgainWithTheWorker(reader);
    await expectNothingOfTheRestKept(reader);
    await expectOfflineStoryIsThePreview(context, reader);
    await expectPassEndedADayLater(reader);
    // The site's own time again: the pass is active, until the reader signs out.
    await readAgainWithTheWorker(reader);
    await expectPreviewOnceSignedOut(context, reader);
  } finally {
    await context.close();
  }
});

test("a free member without a pass gets the preview, and the device keeps nothing of the rest", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  expect(storyPath, "the first journey published the story").not.toBe("");
  const context = await browser.newContext({ baseURL: MAIL.site });
  const member = await context.newPage();
  try {
    await signInFromOffer(member, address("kofi"));
    // The site gives no free paid stories a month unless the admin sets some: the preview and "Get a pass".
    await workerControls(member);
    await member.goto("/");
    const offer = await expectPreview(member);
    await expect(offer.getByRole("link", { name: "Get a pass" })).toBeVisible();
    await expect(offer.getByRole("link", { name: "Sign in" })).toHaveCount(0);
    await expectNothingOfTheRestKept(member);
    await expectOfflineStoryIsThePreview(context, member);
  } finally {
    await context.close();
  }
});

test("the same purchase without JavaScript", async ({ browser }: { browser: Browser }) => {
  test.setTimeout(90_000);
  expect(storyPath, "the first journey published the story").not.toBe("");
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: MAIL.site });
  const reader = await context.newPage();
  try {
    await signInFromOffer(reader, address("yaw"));
    await buyDayPass(reader);
    await expectPassEndedADayLater(reader);
  } finally {
    await context.close();
  }
});
