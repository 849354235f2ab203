/**
 * A reader who follows a dead link: the not-found page keeps the site's header, footer and
 * search, offers the latest stories, and answers 404; an unknown category is a 404 with its empty state.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";

async function expectNoSeriousViolation(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);
}

test("an unknown address: the site's chrome, search and the latest stories; searching from it works", async ({
  page,
}) => {
  const response = await page.goto("/this-story-moved-long-ago");
  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle("Page not found - Newsdesk");
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.getByRole("contentinfo")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  const latest = page.getByRole("region", { name: "Latest Stories" });
  await expect(latest.getByRole("link").first()).toHaveAttribute("href", /^\/article\//);
  expect(await latest.getByRole("link").count()).toBeGreaterThan(1);

  await expectNoSeriousViolation(page);

  const search = page.getByRole("main").getByRole("search");
  await search.getByLabel("Search articles").fill("Black Stars");
  await search.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/search\?q=Black\+Stars$/);
  await expect(
    page
      .getByRole("region", { name: "Search results" })
      .getByRole("link", { name: "Black Stars name young squad for World Cup qualifiers" })
      .first(),
  ).toBeVisible();
});

test("a story from the not-found page opens", async ({ page }) => {
  await page.goto("/article/not-a-real-story");
  await expect(page.getByRole("heading", { level: 1, name: "Article not found" })).toBeVisible();
  const first = page.getByRole("region", { name: "Latest Stories" }).getByRole("link").first();
  const title = (await first.textContent()) ?? "";
  await first.click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
});

test("an unknown category: 404, 'No articles found' and a link home, inside the chrome", async ({ page }) => {
  const response = await page.goto("/category/nope");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.getByText("No articles found")).toBeVisible();
  await expectNoSeriousViolation(page);
  await page.getByRole("main").getByRole("link", { name: "Go to the homepage" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("region", { name: "Top story" })).toBeVisible();
});
