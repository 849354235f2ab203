import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { E2E_ACCOUNTS } from "./accounts";
import { signIn } from "./helpers";
import { switchOnTwi } from "./twi-edition";

/**
 * The translations journey (decision record 022, slice 2): an admin adds the Twi edition and switches it
 * on; an editor opens a published story, starts its Twi translation from the Translations panel, writes
 * it beside the original and publishes it; the articles list's Edition filter tells the two versions
 * apart; a reader finds the Twi story at its readable /tw/article/… address and switches between the two
 * versions from either page.
 */

/** The editor's published English story: the one to translate. Its edit screen stays open. */
async function publishEnglishStory(page: Page, title: string) {
  await page.goto("/admin/articles/add");
  // A new story starts in the main edition; the select lists Twi too.
  const language = page.getByLabel("Language", { exact: true });
  await expect(language.locator("option:checked")).toHaveText("English");
  await expect(language.locator("option[value='tw']")).toHaveText(/^Twi/);
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByRole("textbox", { name: "Content", exact: true }).click();
  await page.keyboard.type("Heavy rain fell on Accra all night.");
  await page.getByLabel("Status", { exact: true }).selectOption("published");
  await page.getByRole("button", { name: "Create Article" }).click();
  await expect(page).toHaveURL(/\/admin\/articles\/edit\/[\w-]+$/);
}

test("an editor translates a published story into Twi and readers find it at /tw/article/…", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signIn(page, E2E_ACCOUNTS.admin);
  await switchOnTwi(page);
  await page.context().clearCookies();

  await signIn(page, E2E_ACCOUNTS.editor);
  const suffix = Date.now().toString(36);
  const englishTitle = `Floods in Accra ${suffix}`;
  const twiTitle = `Nsuyiri wɔ Nkran ${suffix}`;
  await publishEnglishStory(page, englishTitle);
  const originalUrl = page.url();

  const panel = page.getByRole("region", { name: "Translations" });
  await expect(panel.locator("[data-edition='en']")).toContainText(englishTitle);
  await panel.locator("[data-edition='tw']").getByRole("button", { name: "Start translation" }).click();
  await expect(page.getByText("Translation started", { exact: true })).toBeVisible();
  await expect(page).not.toHaveURL(originalUrl);

  // The translation's editor: Twi chosen, its fields in Twi, the original beside it.
  await expect(page.getByLabel("Language", { exact: true }).locator("option:checked")).toHaveText(/^Twi/);
  await expect(page.getByLabel("Title", { exact: true })).toHaveAttribute("lang", "tw");
  const original = page.locator("details", { hasText: "Original (English)" });
  await expect(original).toContainText(englishTitle);
  await expect(original).toContainText("Heavy rain fell on Accra all night.");
  await expect(
    panel.locator("[data-edition='en']").getByRole("link", { name: englishTitle }),
  ).toHaveAttribute("href", originalUrl.replace(/^https?:\/\/[^/]+/, ""));

  await page.getByLabel("Title", { exact: true }).fill(twiTitle);
  await page.getByRole("textbox", { name: "Content", exact: true }).click();
  await page.keyboard.type("Nsuo tɔe wɔ Nkran anadwo mu nyinaa.");
  await page.getByLabel("Status", { exact: true }).selectOption("published");
  await page.getByRole("button", { name: "Update Article" }).click();
  await expect(page.getByText("Article updated successfully!", { exact: true })).toBeVisible();
  await expect(panel.locator("[data-edition='tw']")).toContainText(twiTitle);

  // The articles list: the Edition filter keeps the Twi version, each row names its language.
  await page.goto("/admin/articles");
  await page.getByLabel("Edition", { exact: true }).selectOption("tw");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/edition=tw/);
  const table = page.locator("table");
  await expect(table.getByRole("link", { name: twiTitle })).toBeVisible();
  await expect(table.getByRole("link", { name: englishTitle })).toHaveCount(0);
  await expect(table.locator("tr", { hasText: twiTitle }).getByTestId("article-language")).toHaveText(/^Twi/);
  await page.getByLabel("Edition", { exact: true }).selectOption("");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(table.getByRole("link", { name: englishTitle })).toBeVisible();

  // Readers: the Twi story at its own, readable address, in Twi.
  await page.context().clearCookies();
  await page.goto("/tw/");
  const storyLink = page.getByRole("link", { name: twiTitle }).first();
  await expect(storyLink).toBeVisible();
  await storyLink.click();
  await expect(page).toHaveURL(new RegExp(`/tw/article/nsuyiri-wo-nkran-${suffix}$`));
  await expect(page.getByRole("heading", { name: twiTitle, level: 1 })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "tw");
  await expect(page.getByText("Nsuo tɔe wɔ Nkran anadwo mu nyinaa.")).toBeVisible();
  await switchesBothWays(page, { twiTitle, englishTitle });
});

/**
 * A reader on the Twi story follows "Read in: English" to the original and comes back through "Read in:
 * Twi": each link names its version in that version's language (`lang`, `hreflang`).
 */
async function switchesBothWays(page: Page, titles: { twiTitle: string; englishTitle: string }) {
  const versions = page.getByRole("navigation", { name: "Other languages" });
  await expect(versions).toContainText("Read in:");
  const { violations } = await new AxeBuilder({ page }).include("[data-story-versions]").analyze();
  expect(violations.map((v) => v.id)).toEqual([]);
  const toEnglish = versions.getByRole("link", { name: "English" });
  await expect(toEnglish).toHaveAttribute("hreflang", "en");
  await toEnglish.click();
  await expect(page).toHaveURL(/\/article\/floods-in-accra-[\w-]+$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(titles.englishTitle);
  const toTwi = page.getByRole("navigation", { name: "Other languages" }).getByRole("link", { name: /^Twi/ });
  await expect(toTwi).toHaveAttribute("lang", "tw");
  await expect(toTwi).toHaveAttribute("hreflang", "tw");
  await toTwi.click();
  await expect(page).toHaveURL(/\/tw\/article\/nsuyiri-wo-nkran-[\w-]+$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "tw");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(titles.twiTitle);
}
