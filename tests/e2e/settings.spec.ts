import { expect, test, type Page } from "@playwright/test";
import { E2E_ACCOUNTS } from "./accounts";
import { signIn } from "./helpers";

/**
 * The settings journey: an admin renames the site, sees the unsaved-changes notice, saves, and the public
 * header shows the new name; then the old name goes back.
 */
async function saveSiteTitle(page: Page, title: string) {
  await page.goto("/admin/settings");
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
  const save = page.getByRole("button", { name: "Save Settings" });
  await expect(save).toBeDisabled();
  await page.getByLabel("Site Title").fill(title);
  await expect(page.getByText("You have unsaved changes")).toBeVisible();
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByText("Settings saved successfully!")).toBeVisible();
  await expect(page.getByText("You have unsaved changes")).toHaveCount(0);
  await expect(page.getByLabel("Site Title")).toHaveValue(title);
}

test("admin renames the site in Settings and the public header shows the new name", async ({ page }) => {
  await signIn(page, E2E_ACCOUNTS.admin);
  await page.goto("/admin/settings");
  const original = await page.getByLabel("Site Title").inputValue();
  const renamed = `Planet ${Date.now().toString(36)}`;

  // Other tabs switch without losing what was typed.
  await page.getByLabel("Site Title").fill(renamed);
  await page.getByRole("tab", { name: "Advanced" }).click();
  await expect(page.getByLabel("Cache Duration (seconds)")).toBeVisible();
  await page.getByRole("tab", { name: "General" }).click();
  await expect(page.getByLabel("Site Title")).toHaveValue(renamed);

  await saveSiteTitle(page, renamed);
  await page.goto("/");
  await expect(page.getByRole("banner").getByRole("link", { name: `${renamed} Online` })).toBeVisible();

  await saveSiteTitle(page, original);
  await page.goto("/");
  await expect(page.getByRole("banner").getByRole("link", { name: `${original} Online` })).toBeVisible();
});
