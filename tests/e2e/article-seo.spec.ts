import { expect, test } from "@playwright/test";
import { E2E_ACCOUNTS } from "./accounts";
import { signIn } from "./helpers";

/**
 * An editor gives a story its own search-and-sharing title and description: the counters follow the
 * typing, too long is refused with the field's message and what was typed stays, and the published
 * page's head uses them, with the story's NewsArticle and the site's feed announced.
 */
test("an editor sets the story's search title and description; the published page's head uses them", async ({
  page,
}) => {
  const title = `Takoradi rail line reopens ${Date.now()}`;
  const seoTitle = "Takoradi rail line: what reopening means";
  await signIn(page, E2E_ACCOUNTS.editor);
  await page.goto("/admin/articles/add");
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByRole("textbox", { name: "Content", exact: true }).click();
  await page.keyboard.type("Passenger trains run again between Takoradi and Tarkwa from Monday.");
  await page.getByLabel("Status", { exact: true }).selectOption("published");

  // Closed at first (nothing set), opened by its summary.
  const section = page.locator("details", { has: page.getByText("Search & sharing") });
  await expect(section).not.toHaveAttribute("open");
  await page.getByText("Search & sharing").click();
  const seoTitleBox = page.getByLabel("SEO title", { exact: true });
  await seoTitleBox.fill("x".repeat(121));
  await expect(section.getByText("121/120: 1 too many")).toBeVisible();
  await page.getByLabel("SEO description", { exact: true }).fill("Trains return to the Western Region.");
  await expect(section.getByText("36/300")).toBeVisible();

  await page.getByRole("button", { name: "Create Article" }).click();
  await expect(page.getByText("Please keep the SEO title to 120 characters or fewer.").first()).toBeVisible();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
  await expect(page.getByLabel("SEO description", { exact: true })).toHaveValue(
    "Trains return to the Western Region.",
  );

  await page.getByLabel("SEO title", { exact: true }).fill(seoTitle);
  await page.getByRole("button", { name: "Create Article" }).click();
  await expect(page).toHaveURL(/\/admin\/articles\/edit\/[\w-]+$/);
  const id = page.url().split("/").pop()!;
  // Stored values open the section on the edit screen.
  await expect(page.getByLabel("SEO title", { exact: true })).toHaveValue(seoTitle);

  await page.goto(`/article/${id}`);
  await expect(page).toHaveTitle(`${seoTitle} - Newsdesk`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.locator('meta[property="og:description"]')).toHaveAttribute(
    "content",
    "Trains return to the Western Region.",
  );
  await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]').first()).toHaveAttribute(
    "href",
    /\/rss\.xml$/,
  );
  const structured = await page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((scripts) => scripts.map((script) => JSON.parse(script.textContent ?? "{}")));
  expect(structured.find((ld) => ld["@type"] === "NewsArticle")).toMatchObject({
    headline: title,
    description: "Trains return to the Western Region.",
    author: [{ "@type": "Person", name: E2E_ACCOUNTS.editor.name }],
  });
});
