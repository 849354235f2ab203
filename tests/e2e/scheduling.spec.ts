import { expect, test } from "@playwright/test";
import { instantToZonedTime } from "../../app/lib/zoned-time";
import { E2E_ACCOUNTS } from "./accounts";
import { signIn } from "./helpers";

/**
 * Scheduled publishing (decision record 007): an editor schedules a story for the coming minute, and a
 * reader sees it appear on the home page, in the RSS feed and the news sitemap with nobody opening it
 * or the back office in between: the server's scheduler publishes it and purges the page cache.
 */
const title = `Scheduled budget briefing ${Date.now()}`;

/** The next whole minute at least 20 s away (the input has no seconds), so the save is surely ahead of it. */
function comingMinute(): Date {
  const at = new Date(Date.now() + 20_000 + 60_000);
  at.setUTCSeconds(0, 0);
  return at;
}

test("an editor schedules a story; it appears for readers on its own at that minute", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  await signIn(page, E2E_ACCOUNTS.editor);
  await page.goto("/admin/articles/add");
  await page.getByLabel("Title", { exact: true }).fill(title);
  const body = page.getByRole("textbox", { name: "Content", exact: true });
  await body.click();
  await page.keyboard.type("The minister presents the budget at noon.");
  await page.getByLabel("Status", { exact: true }).selectOption("scheduled");

  // A time gone by is refused, and what was typed stays.
  const publishAt = page.getByLabel(/Publish at/);
  const zone = /\((.+) time\)/.exec((await page.locator("label[for=scheduledAt]").textContent()) ?? "")?.[1];
  expect(zone).toBeTruthy();
  await publishAt.fill(instantToZonedTime(new Date(Date.now() - 3600_000), zone));
  await page.getByRole("button", { name: "Create Article" }).click();
  await expect(page.getByText("The publish time must be in the future.").first()).toBeVisible();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);

  const at = comingMinute();
  await page.getByLabel(/Publish at/).fill(instantToZonedTime(at, zone));
  await page.getByRole("button", { name: "Create Article" }).click();
  await expect(page.getByText("Article Created!")).toBeVisible();

  await page.goto("/admin/articles?status=scheduled");
  await expect(
    page
      .getByRole("row")
      .filter({ hasText: title })
      .getByText(/^Scheduled for /),
  ).toBeVisible();

  // A reader (no session): not there yet, then there on its own, on the cached home page too.
  const reader = await browser.newPage();
  await reader.goto("/");
  await expect(reader.getByText(title)).toHaveCount(0);
  expect(Date.now()).toBeLessThan(at.getTime());
  await expect
    .poll(
      async () => {
        await reader.reload();
        return reader.getByText(title).count();
      },
      { timeout: at.getTime() - Date.now() + 60_000, intervals: [3_000] },
    )
    .toBeGreaterThan(0);
  expect(Date.now()).toBeGreaterThanOrEqual(at.getTime());
  const rss = await reader.request.get("/rss.xml");
  expect(await rss.text()).toContain(title);
  const news = await reader.request.get("/news-sitemap.xml");
  expect(await news.text()).toContain(title);
  await reader.close();

  await page.goto("/admin/articles?status=scheduled");
  await expect(page.getByRole("row").filter({ hasText: title })).toHaveCount(0);
});
