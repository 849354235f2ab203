import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { E2E_ACCOUNTS } from "./accounts";
import { signIn } from "./helpers";

/**
 * A story's versions (decision record 022, points 3 and 8): an admin publishes an English story and its
 * Twi translation; a reader on the English story follows "Read in: Twi" to the Twi page, in Twi, and comes
 * back to English the same way. The Twi edition is switched on here when the Editions journey has not
 * done it yet (it stays on for the journeys after).
 */
const ENGLISH_TITLE = "Harmattan haze grounds flights at Kotoka";
const TWI_TITLE = "Harmattan wim ama wimhyɛn agyae tu wɔ Kotoka";

async function twiSwitchedOn(page: Page) {
  await page.goto("/admin/settings/editions");
  const row = page.locator("[data-edition-row='tw']");
  if ((await row.count()) === 0) {
    const form = page.locator("form", { has: page.getByRole("button", { name: "Add Edition" }) });
    await form.getByLabel("Language tag").fill("tw");
    await form.getByLabel("Name", { exact: true }).fill("Twi");
    await form.getByRole("button", { name: "Add Edition" }).click();
    await expect(page.getByText("Edition added", { exact: true })).toBeVisible();
  }
  const switchOn = row.getByRole("button", { name: /^Switch on / });
  if ((await switchOn.count()) > 0) {
    await switchOn.click();
    await expect(page.getByText("Edition switched on", { exact: true })).toBeVisible();
  }
  return (await row.getByLabel("Name of the tw edition").inputValue()).trim();
}

/** Types the story into the open article form and publishes it; back on its edit screen. */
async function writeAndPublish(page: Page, title: string, button: "Create Article" | "Update Article") {
  await page.getByLabel("Title", { exact: true }).fill(title);
  const content = page.getByRole("textbox", { name: "Content", exact: true });
  await content.click();
  await page.keyboard.type(`${title}: the whole story.`);
  await page.getByLabel("Status", { exact: true }).selectOption("published");
  await page.getByRole("button", { name: button }).click();
  await expect(page).toHaveURL(/\/admin\/articles\/edit\/[\w-]+$/);
  await expect(page.getByLabel("Status", { exact: true })).toHaveValue("published");
}

test("a reader switches a story between English and Twi and back", async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000);
  await signIn(page, E2E_ACCOUNTS.admin);
  const twiName = await twiSwitchedOn(page);

  await page.goto("/admin/articles/add");
  await writeAndPublish(page, ENGLISH_TITLE, "Create Article");
  const englishId = page.url().split("/").pop()!;
  // "Start translation" opens the Twi draft (the editor's Translations panel posts the same intent).
  const started = await page.request.post(`/admin/articles/edit/${englishId}`, {
    form: { intent: "translate", language: "tw" },
    headers: { Origin: baseURL! },
  });
  expect(started.ok()).toBe(true);
  await page.goto(new URL(started.url()).pathname);
  await expect(page).toHaveURL(/\/admin\/articles\/edit\/[\w-]+$/);
  expect(page.url()).not.toContain(englishId);
  await writeAndPublish(page, TWI_TITLE, "Update Article");

  // A reader, signed in nowhere.
  const reader = await (await browser.newContext()).newPage();
  const search = await reader.request.get(`/search?q=${encodeURIComponent("Kotoka haze")}`);
  const englishPath = /href="(\/article\/harmattan-haze[^"]*)"/.exec(await search.text())?.[1];
  expect(englishPath).toBeTruthy();
  await reader.goto(englishPath!);
  await expect(reader.getByRole("heading", { level: 1 })).toHaveText(ENGLISH_TITLE);
  await expect(reader.locator("html")).toHaveAttribute("lang", "en");
  const versions = reader.getByRole("navigation", { name: "Other languages" });
  await expect(versions).toContainText("Read in:");
  const toTwi = versions.getByRole("link", { name: twiName });
  await expect(toTwi).toHaveAttribute("lang", "tw");
  await expect(toTwi).toHaveAttribute("hreflang", "tw");
  const { violations } = await new AxeBuilder({ page: reader }).include("[data-story-versions]").analyze();
  expect(violations.map((v) => v.id)).toEqual([]);

  await toTwi.click();
  await expect(reader).toHaveURL(/\/tw\/article\/[\w-]+$/);
  await expect(reader.locator("html")).toHaveAttribute("lang", "tw");
  await expect(reader.getByRole("heading", { level: 1 })).toHaveText(TWI_TITLE);
  const toEnglish = reader.getByRole("navigation", { name: "Other languages" }).getByRole("link", {
    name: "English",
  });
  await expect(toEnglish).toHaveAttribute("lang", "en");
  await toEnglish.click();
  await expect(reader).toHaveURL(new RegExp(`${englishPath}$`));
  await expect(reader.locator("html")).toHaveAttribute("lang", "en");
  await expect(reader.getByRole("heading", { level: 1 })).toHaveText(ENGLISH_TITLE);
  await reader.context().close();
});
