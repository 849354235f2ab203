import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { E2E_ACCOUNTS } from "./accounts";
import { signIn } from "./helpers";

/**
 * The ads journey: an admin switches ads on and creates an in-article unit after paragraph 2 in the
 * Ads screen; a reader (a new, signed-out browser) sees it right after the story's second paragraph;
 * the back office shows no ad. The unit's ad is house code, so nothing is fetched from an ad network.
 */
const NAME = `Story break ${Date.now().toString(36)}`;
const CODE = '<div data-e2e-house-ad style="height:250px">House ad</div>';

async function expectAxeClean(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);
}

async function setAdsEnabled(page: Page, enabled: boolean) {
  await page.goto("/admin/ads");
  const box = page.getByLabel("Enable ads");
  if ((await box.isChecked()) === enabled) return;
  await box.setChecked(enabled);
  await page.getByRole("button", { name: "Save Ads Settings" }).click();
  await expect(page.getByText("Ads settings saved")).toBeVisible();
}

test("an in-article ad unit made in Ads shows after paragraph 2 for readers, never in /admin", async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000); // a long journey: Ads, an article as a reader and as staff, then tidying up
  await signIn(page, E2E_ACCOUNTS.admin);
  await setAdsEnabled(page, true);
  await page.goto("/admin/ads");
  await expectAxeClean(page);

  // A refused unit keeps what was typed.
  const form = page.locator("form", { has: page.getByRole("button", { name: "Add Ad Unit" }) });
  await form.getByLabel("Name").fill(NAME);
  await form.getByLabel("Slot").selectOption("in_article");
  await form.getByLabel("After paragraph").fill("2");
  await form.getByLabel("Ad from").selectOption("code");
  await form.getByRole("button", { name: "Add Ad Unit" }).click();
  await expect(page.getByText("Paste the ad code.")).toBeVisible();
  await expect(form.getByLabel("Name")).toHaveValue(NAME);

  await form.getByLabel("Ad code").fill(CODE);
  await form.getByRole("button", { name: "Add Ad Unit" }).click();
  await expect(page.getByText("Ad unit saved")).toBeVisible();
  const row = page.getByRole("row", { name: new RegExp(NAME) });
  await expect(row).toContainText("In article, after paragraph 2");
  await expect(row).toContainText("Active");
  await expectAxeClean(page);

  // A reader in a fresh browser: the ad follows the story's second top-level paragraph.
  const reader = await browser.newContext();
  const readerPage = await reader.newPage();
  await readerPage.goto("/");
  const href = await readerPage.locator('a[href^="/article/"]').first().getAttribute("href");
  expect(href).toBeTruthy();
  await readerPage.goto(href!);
  const ad = readerPage.locator(".prose-article .nd-ad");
  await expect(ad).toHaveCount(1);
  await expect(ad).toContainText("Advertisement");
  await expect(ad.locator("[data-e2e-house-ad]")).toBeVisible();
  const place = await readerPage.evaluate(() => {
    const body = document.querySelector(".prose-article")!;
    const children = [...body.children];
    const paragraphs = children.filter((el) => el.tagName === "P");
    const adAt = children.findIndex((el) => el.classList.contains("nd-ad"));
    return { afterSecond: children.indexOf(paragraphs[1]!) + 1, adAt, paragraphs: paragraphs.length };
  });
  expect(place.paragraphs).toBeGreaterThanOrEqual(2);
  expect(place.adAt).toBe(place.afterSecond);
  await reader.close();

  // The back office has no ad, and the signed-in admin sees the story without it (hidden for staff).
  for (const path of ["/admin/dashboard", "/admin/ads", "/admin/articles"]) {
    await page.goto(path);
    await expect(page.locator(".nd-ad, [data-e2e-house-ad]"), path).toHaveCount(0);
  }
  await page.goto(href!);
  await expect(page.locator(".nd-ad")).toHaveCount(0);

  // Delete it (with confirmation) and switch ads off again, as the site was.
  await page.goto("/admin/ads");
  await page.getByRole("button", { name: `Delete ${NAME}` }).click();
  const dialog = page.getByRole("dialog", { name: "Delete ad unit" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Ad unit deleted")).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(NAME) })).toHaveCount(0);
  await setAdsEnabled(page, false);
});
