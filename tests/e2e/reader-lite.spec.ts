import { expect, test, type Page } from "@playwright/test";

/**
 * Lite mode (decision record 019): with `Save-Data: on`, or Lite chosen on the site, pages
 * show no photo until it is tapped, no ads, and load the small lite script; an article is at most 15 KB
 * on an empty cache. The choice is a plain form, remembered, and undone the same way.
 */
/** 15 KB as Chromium's DevTools count a page's transfer: bodies and headers, 1,000 bytes a KB. */
const LITE_ARTICLE_BUDGET = 15_000;

/** The top story on the home page (it has a photo in the sample content). */
async function topStoryPath(page: Page): Promise<string> {
  const html = await (await page.request.get("/")).text();
  const topStory = html.slice(html.indexOf('aria-label="Top story"'));
  return /href="(\/article\/[^"]+)"/.exec(topStory)![1]!;
}

test("with Save-Data an article transfers at most 15 KB on an empty cache, and shows its photo after a tap", async ({
  browser,
  page,
}) => {
  const path = await topStoryPath(page);
  const context = await browser.newContext({ extraHTTPHeaders: { "Save-Data": "on" } });
  const reader = await context.newPage();
  const sizes: Promise<{ url: string; type: string; bytes: number }>[] = [];
  reader.on("requestfinished", (request) =>
    sizes.push(
      request.sizes().then((s) => ({
        url: new URL(request.url()).pathname,
        type: request.resourceType(),
        bytes: s.responseBodySize + s.responseHeadersSize,
      })),
    ),
  );
  await reader.goto(path, { waitUntil: "networkidle" });
  const loaded = await Promise.all(sizes);
  const total = loaded.reduce((sum, r) => sum + r.bytes, 0);
  console.log(`lite ${path}: ${total} bytes in ${loaded.length} responses`, loaded);
  expect(total).toBeLessThanOrEqual(LITE_ARTICLE_BUDGET);
  expect(loaded.filter((r) => r.type === "image")).toEqual([]);
  // The lite script, not the full one; and the notice that says why photos wait.
  expect(loaded.filter((r) => r.type === "script").map((r) => r.url)).toEqual([
    expect.stringMatching(/^\/assets\/reader-lite-[\w-]{8}\.js$/),
  ]);
  // No manifest: Chromium would fetch it and its icon with the page, to offer the install.
  await expect(reader.locator('link[rel="manifest"]')).toHaveCount(0);
  await expect(reader.getByRole("note", { name: "Lite mode" })).toContainText(
    "Your browser asks to save data, so photos load only when you tap them.",
  );

  const main = reader.getByRole("main");
  await expect(main.locator("img")).toHaveCount(0);
  const photo = main.getByRole("link", { name: /^Show photo/ }).first();
  const photoRequest = reader.waitForRequest((r) => r.resourceType() === "image");
  await photo.click();
  await photoRequest;
  await expect(main.locator("img").first()).toBeVisible();
  // Still the article: the tap showed the photo, it did not leave the page.
  expect(new URL(reader.url()).pathname).toBe(path);
  await context.close();
});

test("a reader chooses Lite without a script, keeps it from page to page, and undoes it", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/");
  await expect(page.getByRole("main").locator("img").first()).toBeVisible();
  await page
    .getByRole("contentinfo")
    .getByRole("button", { name: /^Lite mode/ })
    .click();
  await expect(page).toHaveURL(/\/$/);
  const notice = page.getByRole("note", { name: "Lite mode" });
  await expect(notice).toContainText("Lite mode: photos load only when you tap them.");
  await expect(page.getByRole("main").locator("img")).toHaveCount(0);
  await expect(
    page
      .getByRole("main")
      .getByRole("link", { name: /^Show photo/ })
      .first(),
  ).toBeVisible();

  // Remembered on the next page.
  await page.getByRole("main").locator('a[href^="/article/"]').first().click();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(notice).toBeVisible();
  const story = new URL(page.url()).pathname;

  // Undone from any page, back on the same page, photos and all.
  await notice.getByRole("button", { name: "Show photos" }).click();
  expect(new URL(page.url()).pathname).toBe(story);
  await expect(notice).toHaveCount(0);
  await expect(page.getByRole("main").locator("img").first()).toBeVisible();
  await context.close();
});
