import { expect, test, type Browser, type Page } from "@playwright/test";
import { E2E_ACCOUNTS } from "./accounts";
import { signIn } from "./helpers";

/**
 * Decision record 005: a reader page loads at most 20 KB of gzipped JavaScript on a
 * first visit (Ghost's default theme ships 22.7 KB), with no React Router hydration.
 */
const JS_BUDGET_BYTES = 20 * 1024;

/**
 * The JavaScript a first visit of the page transfers (a fresh browser context: nothing cached), files
 * and their encoded body bytes. The budget is in gzip, as Ghost's figure; the server prefers brotli
 * (smaller) when the browser offers it, so this visit offers gzip only.
 */
async function firstVisitScripts(browser: Browser, baseURL: string, path: string) {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { "Accept-Encoding": "gzip" } });
  const page = await context.newPage();
  const scripts: { url: string; bytes: number; encoding: string }[] = [];
  const pending: Promise<void>[] = [];
  page.on("requestfinished", (request) => {
    if (request.resourceType() !== "script") return;
    pending.push(
      (async () => {
        const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
        scripts.push({
          url: request.url(),
          bytes: sizes.responseBodySize,
          encoding: (await response?.headerValue("content-encoding")) ?? "",
        });
      })(),
    );
  });
  await page.goto(path, { waitUntil: "networkidle" });
  await Promise.all(pending);
  const hasHydrationContext = await page.evaluate(() => "__reactRouterContext" in window);
  const modulePreloads = await page.locator('link[rel="modulepreload"]').count();
  await context.close();
  return { scripts, hasHydrationContext, modulePreloads };
}

async function firstArticlePath(page: Page): Promise<string> {
  const html = await (await page.request.get("/")).text();
  const path = html.match(/href="(\/article\/[^"]+)"/)?.[1];
  if (!path) throw new Error("no article linked from the home page");
  return path;
}

test.describe("reader pages are light", () => {
  test("home and article: one gzipped script of at most 20 KB, no hydration", async ({
    page,
    browser,
    baseURL,
  }) => {
    for (const path of ["/", await firstArticlePath(page)]) {
      const { scripts, hasHydrationContext, modulePreloads } = await firstVisitScripts(
        browser,
        baseURL!,
        path,
      );
      expect(scripts.map((s) => new URL(s.url).pathname)).toEqual([
        expect.stringMatching(/^\/assets\/reader-[\w-]+\.js$/),
      ]);
      expect(scripts[0]?.encoding).toBe("gzip");
      const total = scripts.reduce((sum, s) => sum + s.bytes, 0);
      console.log(`${path}: ${scripts.length} script(s), ${total} bytes gzipped`);
      expect(total).toBeGreaterThan(0);
      expect(total).toBeLessThanOrEqual(JS_BUDGET_BYTES);
      expect(hasHydrationContext).toBe(false);
      expect(modulePreloads).toBe(0);
    }
  });

  test("links load whole pages, the stylesheet applies, and toasts close on request", async ({
    page,
    context,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto("/");
    // Tailwind's styles are there: the header is sticky.
    await expect(page.getByRole("banner")).toHaveCSS("position", "sticky");
    const documents: string[] = [];
    page.on("request", (r) => r.resourceType() === "document" && documents.push(new URL(r.url()).pathname));
    await page
      .getByRole("region", { name: "Top story" })
      .getByRole("link", { name: "Read Full Article" })
      .click();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(documents).toEqual([expect.stringMatching(/^\/article\//)]);

    await page.getByRole("button", { name: "Copy link" }).click();
    const toast = page.getByRole("status").filter({ hasText: "Link Copied" });
    await expect(toast).toBeVisible();
    await toast.getByRole("button", { name: "Dismiss" }).click();
    await expect(toast).toHaveCount(0);
  });

  test("the phone menu names its button after what it does", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    await page.getByLabel("Open menu").click();
    await expect(page.getByLabel("Close menu")).toBeVisible();
    await page.getByLabel("Close menu").click();
    await expect(page.getByRole("navigation", { name: "Mobile" })).toBeHidden();
    await expect.poll(() => page.evaluate(() => document.body.style.overflow)).toBe("");
  });

  test("the comment form checks before sending, in the spec's words, and sends nothing then", async ({
    page,
  }) => {
    await page.goto(await firstArticlePath(page));
    let posts = 0;
    page.on("request", (r) => r.method() === "POST" && !r.url().includes("/resources/") && posts++);
    const form = page.getByRole("form", { name: "Leave a comment" });
    await form.getByLabel("Name").fill("Ama");
    await form.getByLabel("Email").fill("ama@example");
    await form.getByLabel("Comment").fill("Good.");
    await form.getByRole("button", { name: "Post Comment" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Invalid Email" })).toBeVisible();
    await expect(page.getByText("Please enter a valid email address.")).toBeVisible();
    await form.getByLabel("Comment").fill("  ");
    await form.getByLabel("Email").fill("ama@example.com");
    await form.getByRole("button", { name: "Post Comment" }).click();
    await expect(page.getByText("Please fill in all fields (name, email, and comment).")).toBeVisible();
    expect(posts).toBe(0);
    await expect(form.getByLabel("Name")).toHaveValue("Ama");
  });

  test("a link from the back office to a reader page loads the whole page, with the reader script", async ({
    page,
    context,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await signIn(page, E2E_ACCOUNTS.admin);
    await page.goto("/admin/comments?status=all");
    // The comments table links each comment's article (a React Router link in the back office).
    await page.locator('main a[href^="/article/"]').first().click();
    await expect(page).toHaveURL(/\/article\//);
    await expect(page.getByRole("button", { name: "Copy link" })).toBeVisible();
    expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
  });
});
