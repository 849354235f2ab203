import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { CHROMIUM_FLAGS } from "../../scripts/chromium.mjs";
import { E2E_ACCOUNTS } from "./accounts";
import { signIn } from "./helpers";
import { keptPaths, workerReady } from "./service-worker";

/**
 * Decision record 019: offline reading with the service worker (public/service-worker.js), and the site as an
 * installable app. Chromium's own network switch (`context.setOffline`) cuts the page and the worker off.
 */

/** The stories a page links to, in the page's order, once each. */
async function storyLinks(page: Page): Promise<string[]> {
  const hrefs = await page
    .locator('a[href^="/article/"]')
    .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  return [...new Set(hrefs)];
}

async function publishStory(context: BrowserContext, title: string) {
  const editor = await context.newPage();
  await signIn(editor, E2E_ACCOUNTS.editor);
  await editor.goto("/admin/articles/add");
  await editor.getByLabel("Title", { exact: true }).fill(title);
  const body = editor.getByRole("textbox", { name: "Content", exact: true });
  await body.click();
  await editor.keyboard.type("Published while a reader was out of coverage.");
  await expect(editor.locator('input[type="hidden"][name="content"]')).toHaveValue(/out of coverage/);
  await editor.getByLabel("Status", { exact: true }).selectOption("published");
  await editor.getByRole("button", { name: "Create Article" }).click();
  await expect(editor.getByText("Article Created!")).toBeVisible();
  await editor.close();
}

test("a first visit adds only the manifest and a small worker, registered once the page has loaded", async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  // Notes the document's state when the reader script registers the worker.
  await page.addInitScript(() => {
    const container = navigator.serviceWorker;
    const register = container.register.bind(container);
    container.register = (...args: Parameters<ServiceWorkerContainer["register"]>) => {
      (window as unknown as { registeredWhen: string }).registeredWhen = document.readyState;
      return register(...args);
    };
  });
  const requests: { path: string; type: string }[] = [];
  page.on("request", (r) => requests.push({ path: new URL(r.url()).pathname, type: r.resourceType() }));
  await page.goto("/");
  await workerReady(page);
  await page.waitForLoadState("networkidle");
  expect(await page.evaluate(() => (window as unknown as { registeredWhen?: string }).registeredWhen)).toBe(
    "complete",
  );
  // Nothing is fetched for offline reading on a first visit: no other page, no story, no offline page.
  expect(requests.filter((r) => r.type === "document").map((r) => r.path)).toEqual(["/"]);
  expect(requests.filter((r) => r.path === "/offline" || r.path.startsWith("/article/"))).toEqual([]);
  expect(await keptPaths(page)).toEqual([]);
  // The worker is checked with the server on every visit, so an update reaches readers at once.
  const worker = await page.request.get("/service-worker.js");
  expect(worker.headers()["cache-control"]).toBe("no-cache");
  await context.close();
});

test("the site is installable as an app: manifest, icons and a worker, as Chromium checks them", async ({
  baseURL,
}) => {
  // A profile of its own: Chromium refuses to install anything from an incognito window, which every
  // test's usual context is.
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "newsdesk-install-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: CHROMIUM_FLAGS,
    baseURL,
  });
  try {
    const page = await context.newPage();
    await page.goto("/");
    await workerReady(page);
    const cdp = await context.newCDPSession(page);
    const manifest = await cdp.send("Page.getAppManifest");
    expect(manifest.errors).toEqual([]);
    expect(JSON.parse(manifest.data ?? "{}")).toMatchObject({
      name: "Newsdesk",
      display: "standalone",
      start_url: "/",
      theme_color: "#1e3a8a",
    });
    // The check behind Lighthouse's "installable" audit and Chromium's own install prompt.
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    expect(installabilityErrors).toEqual([]);
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});

test("a reader who visited online reads home, the story opened and home's stories offline", async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/");
  await workerReady(page);
  const listed = (await storyLinks(page)).slice(0, 20);
  expect(listed.length).toBeGreaterThan(3);
  const opened = listed[1]!;
  const openedTitle = await (
    await page.request.get(opened)
  )
    .text()
    .then((html) => /<h1[^>]*>([^<]+)</.exec(html)?.[1]);
  await page.goto(opened);
  // Opening a second page starts the background refresh: home, the offline page and home's stories.
  await expect
    .poll(
      async () => {
        const kept = await keptPaths(page);
        return ["/", "/offline", ...listed].filter((path) => !kept.includes(path));
      },
      { timeout: 30_000 },
    )
    .toEqual([]);

  await context.setOffline(true);
  await page.goto("/");
  await expect(page.getByRole("region", { name: "Top story" })).toBeVisible();
  await page.goto(opened);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(openedTitle!);
  const notOpened = listed.at(-1)!;
  await page.goto(notOpened);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // The page is drawn with the site's styles offline too.
  await expect(page.getByRole("banner")).toHaveCSS("position", "sticky");

  // A page never visited: the offline page, with the stories kept on this device.
  await page.goto("/category/never-visited-offline");
  await expect(page.getByRole("heading", { level: 1, name: "You're offline" })).toBeVisible();
  const saved = page.getByRole("list").filter({ has: page.getByRole("link", { name: openedTitle! }) });
  await expect(saved.first()).toBeVisible();
  // By its address: other journeys may have kept copies of the story under the same headline.
  await saved.first().locator(`a[href="${opened}"]`).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(openedTitle!);

  // The phone menu's "Read offline" list.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByLabel("Open menu").click();
  const menuList = page.getByRole("region", { name: "Read offline" });
  await expect(menuList.locator(`a[href="${opened}"]`)).toHaveText(openedTitle!);

  // Back online, a story published meanwhile is on the next visit.
  await context.setOffline(false);
  const title = `Offline reading check ${Date.now()}`;
  const staff = await browser.newContext();
  await publishStory(staff, title);
  await staff.close();
  await page.goto("/");
  await expect(page.getByRole("link", { name: title }).first()).toBeVisible();
  await context.close();
});

/** Switches the page cache in Settings → Advanced as an admin would (pages are then not cached anywhere). */
async function setPageCache(browser: Browser, enabled: boolean) {
  const context = await browser.newContext();
  const admin = await context.newPage();
  await signIn(admin, E2E_ACCOUNTS.admin);
  await admin.goto("/admin/settings");
  await admin.getByRole("tab", { name: "Advanced" }).click();
  const box = admin.getByLabel("Enable page cache");
  if ((await box.isChecked()) !== enabled) {
    await box.setChecked(enabled);
    await admin.getByRole("button", { name: "Save Settings" }).click();
    await expect(admin.getByText("Settings saved successfully!")).toBeVisible();
  }
  await context.close();
}

/**
 * A reader opens the site, picks a story at once (before the worker the first page registers is up)
 * and reads it; then the signal goes. What the README promises once a reader has opened a second page:
 * home, the story they opened, home's other stories and the offline page, all from this device.
 */
async function offlineFromTheSecondPage(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/");
  const listed = (await storyLinks(page)).slice(0, 20);
  expect(listed.length).toBeGreaterThan(3);
  const opened = listed[2]!;
  await page.goto(opened);
  const openedTitle = (await page.getByRole("heading", { level: 1 }).textContent())!.trim();
  // The reader reads for a while on this second page: long enough for the worker to keep what it keeps.
  await workerReady(page);
  await expect
    .poll(
      async () => {
        const kept = await keptPaths(page);
        return ["/", "/offline", opened, listed.at(-1)!].filter((path) => !kept.includes(path));
      },
      { timeout: 45_000 },
    )
    .toEqual([]);

  await context.setOffline(true);
  await page.goto("/");
  await expect(page.getByRole("region", { name: "Top story" })).toBeVisible();
  await page.goto(opened);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(openedTitle);
  await page.goto(listed.at(-1)!);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.goto("/category/never-visited-offline");
  await expect(page.getByRole("heading", { level: 1, name: "You're offline" })).toBeVisible();
  await expect(page.locator(`main a[href="${opened}"]`).first()).toHaveText(openedTitle);
  await context.close();
}

test("offline reading starts from the reader's second page, even one opened before the worker was up", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  await offlineFromTheSecondPage(browser);
});

test("offline reading works with the page cache switched off (pages then not cached by anyone else)", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  await setPageCache(browser, false);
  try {
    await offlineFromTheSecondPage(browser);
    // What a reader is sent with the cache off: checked with the server on every use, yet not personal.
    const context = await browser.newContext();
    const answer = await context.request.get("/");
    expect(answer.headers()["cache-control"]).toBe("no-cache");
    await context.close();
  } finally {
    await setPageCache(browser, true);
  }
});

test("the back office is never kept or answered by the worker", async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/");
  await workerReady(page);
  await signIn(page, E2E_ACCOUNTS.editor);
  await page.goto("/admin/articles");
  await page.goto("/");
  await page.goto("/admin/dashboard");
  await expect(page.getByRole("heading", { name: "Dashboard", exact: true })).toBeVisible();
  const kept = await keptPaths(page);
  expect(kept.filter((path) => path.toLowerCase().startsWith("/admin"))).toEqual([]);
  // A signed-in staff member's reader pages are personal (no-store): not kept either.
  expect(kept).not.toContain("/");
  // Nor the files the back office's pages load (its stylesheet and scripts).
  const files = await page.evaluate(async () =>
    (await (await caches.open("newsdesk-build-v1")).keys()).map((r) => new URL(r.url).pathname),
  );
  expect(files.filter((path) => path.includes("back-office"))).toEqual([]);

  await context.setOffline(true);
  const failure = await page.goto("/admin/dashboard").then(
    () => null,
    (error: Error) => error.message,
  );
  expect(failure).toMatch(/ERR_INTERNET_DISCONNECTED/);
  await context.close();
});
