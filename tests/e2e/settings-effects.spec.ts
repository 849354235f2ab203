import { expect, test, type Page } from "@playwright/test";
import { E2E_ACCOUNTS } from "./accounts";
import { signIn } from "./helpers";

/**
 * Every setting takes effect: an admin sets a Google Analytics id, meta keywords and posts
 * per page in Settings; a reader's next page has them, the back office never has the analytics tag.
 * Then: snippet path rules hold while a reader clicks from page to page (reader pages are whole
 * documents, decision record 005, so the server applies the rules on every move).
 */

// Two Settings saves, a refused one and reader pages: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

async function openTab(page: Page, name: string) {
  await page.getByRole("tab", { name }).click();
}

async function save(page: Page) {
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(page.getByText("Settings saved successfully!")).toBeVisible();
}

test("analytics id, keywords and posts per page set in Settings show on the public site only", async ({
  page,
  browser,
}) => {
  await signIn(page, E2E_ACCOUNTS.admin);
  await page.goto("/admin/settings");
  await openTab(page, "Content");
  const perPage = page.getByLabel("Posts Per Page");
  const originalPerPage = await perPage.inputValue();
  await perPage.fill("2");
  await openTab(page, "SEO");
  await page.getByLabel("Meta Keywords").fill("accra, e2e-keyword");
  await openTab(page, "Analytics");
  // A wrong shape is refused with its message, and what was typed stays.
  await page.getByLabel("Google Analytics ID").fill("GA-wrong");
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(page.getByText(/Please enter a Google Analytics ID like G-XXXXXXXXXX/)).toBeVisible();
  await expect(page.getByLabel("Google Analytics ID")).toHaveValue("GA-wrong");
  await page.getByLabel("Google Analytics ID").fill("G-E2ETEST1");
  await expect(page.getByLabel("Exclude signed-in staff from analytics")).toBeChecked();
  await save(page);

  // A reader (no session) gets the tags and the shorter pages.
  const readerContext = await browser.newContext();
  const reader = await readerContext.newPage();
  await reader.goto("/all-articles");
  await expect(reader.locator('script[src*="googletagmanager.com/gtag/js?id=G-E2ETEST1"]')).toHaveCount(1);
  await expect(reader.locator('meta[name="keywords"]')).toHaveAttribute("content", "accra, e2e-keyword");
  await expect(reader.getByText(/Showing 1 to 2 of \d+ articles/)).toBeVisible();
  await reader.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Page 2" }).click();
  await expect(reader).toHaveURL(/\/all-articles\?page=2$/);
  await expect(reader.getByText(/Showing 3 to 4 of \d+ articles/)).toBeVisible();

  // Never in the back office; not for signed-in staff on the public site while they are excluded.
  await page.goto("/admin/dashboard");
  expect(await page.content()).not.toContain("gtag");
  await page.goto("/all-articles");
  expect(await page.content()).not.toContain("googletagmanager");

  // Put things back for the journeys that follow.
  await page.goto("/admin/settings?tab=analytics");
  await page.getByLabel("Google Analytics ID").fill("");
  await openTab(page, "SEO");
  await page.getByLabel("Meta Keywords").fill("");
  await openTab(page, "Content");
  await page.getByLabel("Posts Per Page").fill(originalPerPage);
  await save(page);
  await reader.goto("/all-articles");
  await expect(reader.locator('script[src*="googletagmanager"]')).toHaveCount(0);
  await readerContext.close();
});

test("a snippet restricted to /about is there after clicking to /about and gone after clicking on to /contact", async ({
  page,
  browser,
}) => {
  const marker = `nd-about-only-${Date.now().toString(36)}`;
  await signIn(page, E2E_ACCOUNTS.admin);
  await page.goto("/admin/code");
  await page.getByLabel("Name").fill("About only");
  await page.getByLabel("Type").selectOption("meta");
  await page.getByLabel("Location").selectOption("head");
  await page.getByLabel("Include paths").fill("/about");
  await page.getByLabel("Code", { exact: true }).fill(`<meta name="${marker}" content="1">`);
  await page.getByRole("button", { name: "Add Snippet" }).click();
  await page.getByRole("button", { name: "Save All Changes" }).click();
  await expect(page.getByText("No unsaved changes.")).toBeVisible();

  const readerContext = await browser.newContext();
  const reader = await readerContext.newPage();
  const snippet = reader.locator(`meta[name="${marker}"]`);
  await reader.goto("/");
  await expect(snippet).toHaveCount(0);
  await reader.getByRole("contentinfo").getByRole("link", { name: "About Us" }).click();
  await expect(reader).toHaveURL(/\/about$/);
  await expect(snippet).toHaveCount(1);
  await reader.getByRole("contentinfo").getByRole("link", { name: "Contact", exact: true }).click();
  await expect(reader).toHaveURL(/\/contact$/);
  await expect(snippet).toHaveCount(0);
  await readerContext.close();

  await page.getByRole("button", { name: "Remove About only" }).click();
  await page.getByRole("button", { name: "Save All Changes" }).click();
  await expect(page.getByText("No unsaved changes.")).toBeVisible();
});
