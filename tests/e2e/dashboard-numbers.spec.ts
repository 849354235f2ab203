import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { E2E_ACCOUNTS } from "./accounts";
import { signIn } from "./helpers";

/**
 * Numbers people can look at: an editor publishes a story, a reader reads it, and today's views on the
 * dashboard's chart and in the story's own chart in the editor go up by exactly that one read.
 */
test.describe.configure({ mode: "serial" });

let articleId = "";
const title = `Accra traders count the harmattan's cost ${Date.now()}`;
/** Views are counted per UTC day (app/domain/articles/view-stats.server.ts); the server shares this clock. */
const today = () => new Date().toISOString().slice(0, 10);

/** Today's figure in a views chart's table (opened first: it sits in a <details>). */
async function todaysViews(page: Page, chart = page.getByTestId("views-chart").first()) {
  await expect(chart.getByRole("img", { name: /^Views per day, last 30 days\./ })).toBeVisible();
  const details = chart.locator("details");
  if (!(await details.evaluate((d) => (d as HTMLDetailsElement).open)))
    await chart.getByText("Show the figures").click();
  const table = chart.getByRole("table", { name: /Views per day, last 30 days/ });
  await expect(table).toBeVisible();
  await expect(table.locator("tbody tr")).toHaveCount(30);
  const row = table.locator("tbody tr").filter({ has: page.locator(`time[datetime="${today()}"]`) });
  await expect(row).toBeVisible();
  return Number((await row.locator("td").innerText()).replace(/\D/g, ""));
}

test("the dashboard's chart and the story's own chart count a reader's view today", async ({
  page,
  browser,
}) => {
  await signIn(page, E2E_ACCOUNTS.editor);
  const before = await todaysViews(page);
  // The editor's pending work links to its lists.
  await expect(page.getByRole("link", { name: /Comments awaiting moderation/ })).toHaveAttribute(
    "href",
    "/admin/comments?status=pending",
  );
  await expect(page.getByRole("link", { name: /Unread messages/ })).toHaveAttribute(
    "href",
    "/admin/messages",
  );

  await page.goto("/admin/articles/add");
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByRole("textbox", { name: "Content", exact: true }).click();
  await page.keyboard.type("Market women in Makola say the dry wind has kept buyers at home this week.");
  await page.getByLabel("Status", { exact: true }).selectOption("published");
  await page.getByRole("button", { name: "Create Article" }).click();
  // Saving keeps the editor open on the story's edit screen.
  await expect(page.getByText("Article Created!")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/articles\/edit\/[^/]+$/);
  const id = new URL(page.url()).pathname.replace("/admin/articles/edit/", "");
  expect(id).not.toBe("");
  articleId = id;

  // A reader, signed out in their own browser, reads it once.
  const readerContext = await browser.newContext();
  const reader = await readerContext.newPage();
  const counted = reader.waitForResponse(
    (r) => r.url().includes(`/resources/article-views/${id}`) && r.request().method() === "POST",
  );
  await reader.goto(`/article/${id}`);
  expect((await counted).status()).toBe(204);
  await readerContext.close();

  await page.goto("/admin/dashboard");
  expect(await todaysViews(page)).toBe(before + 1);
  await expect(page.getByRole("heading", { name: "Top Stories This Week" })).toBeVisible();

  // The story's own chart, in the editor's sidebar: its one view, today.
  await page.goto(`/admin/articles/edit/${id}`);
  const sidebarChart = page.getByRole("region", { name: "Views" }).getByTestId("views-chart");
  expect(await todaysViews(page, sidebarChart)).toBe(1);
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`the charts, their figures and the pending counts pass axe, with no console error, at ${viewport.width}px`, async ({
    page,
  }, testInfo) => {
    expect(articleId).not.toBe("");
    await page.setViewportSize(viewport);
    await signIn(page, E2E_ACCOUNTS.editor);
    const errors: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(`${page.url()}: ${m.text()}`);
    });
    page.on("pageerror", (e) => errors.push(`${page.url()}: ${e.message}`));
    for (const path of ["/admin/dashboard", `/admin/articles/edit/${articleId}`]) {
      await page.goto(path, { waitUntil: "networkidle" });
      await todaysViews(page);
      await page.screenshot({
        path: testInfo.outputPath(`numbers-${viewport.width}-${path.split("/")[2]}.png`),
        fullPage: true,
      });
      const { violations } = await new AxeBuilder({ page })
        .include('[data-testid="views-chart"]')
        .include('section[aria-labelledby="pending-work"]')
        .analyze();
      const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
      expect(
        serious.map((v) => `${path}: ${v.id} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
      ).toEqual([]);
    }
    // The chart is drawn on the server: nothing about it may differ when the page hydrates.
    expect(errors).toEqual([]);
  });
}

test("an admin sees when the last good backup was: a warning before the first, its time after npm run backup; an editor sees neither", async ({
  page,
  browser,
}) => {
  await signIn(page, E2E_ACCOUNTS.admin);
  const backups = page.getByRole("listitem").filter({ hasText: /^Backups/ });
  await expect(backups).toContainText(
    "No good backup recorded: schedule npm run backup (see the operations guide)",
  );

  // The nightly job's command, beside the running server: it asks the server through its control socket.
  const folder = mkdtempSync(path.join(os.tmpdir(), "newsdesk-e2e-backup-"));
  try {
    const backup = spawnSync(process.execPath, ["bin/newsdesk.mjs", "backup", path.join(folder, "nightly")], {
      encoding: "utf8",
      env: {
        ...process.env,
        // The site's data folder, as playwright.config.ts gives it to the server.
        DATA_DIR: path.join(os.tmpdir(), `newsdesk-e2e-${process.env.E2E_PORT ?? 3100}`),
      },
      timeout: 120_000,
    });
    expect(backup.status, backup.stdout + backup.stderr).toBe(0);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  await page.reload();
  await expect(backups).toContainText(/Last good backup [01] minutes? ago \(\d{4}-\d\d-\d\d \d\d:\d\d UTC\)/);

  const editorContext = await browser.newContext();
  const editor = await editorContext.newPage();
  await signIn(editor, E2E_ACCOUNTS.editor);
  await expect(editor.getByText("Site Health")).toBeVisible();
  await expect(editor.getByRole("listitem").filter({ hasText: /^Database/ })).toBeVisible();
  await expect(editor.getByRole("listitem").filter({ hasText: /^Backups/ })).toHaveCount(0);
  await editorContext.close();
});
