/**
 * The Twi edition for the journeys that read it (decision record 022): the journeys of a run share one
 * site, and whichever needs Twi first adds it.
 */
import { expect, type Page } from "@playwright/test";

/** Settings → Editions: Twi added unless an earlier journey of the run did (editions.spec.ts), then on. */
export async function switchOnTwi(page: Page) {
  await page.goto("/admin/settings");
  await page.getByRole("link", { name: "Editions" }).click();
  await expect(page).toHaveURL(/\/admin\/settings\/editions$/);
  // The list on screen before it is counted (the link's navigation may commit before it renders).
  await expect(page.locator("[data-edition-row='en']")).toBeVisible();
  const twi = page.locator("[data-edition-row='tw']");
  if ((await twi.count()) === 0) {
    const form = page.locator("form", { has: page.getByRole("button", { name: "Add Edition" }) });
    await form.getByLabel("Language tag").fill("tw");
    await form.getByLabel("Name", { exact: true }).fill("Twi");
    await form.getByRole("button", { name: "Add Edition" }).click();
    await expect(page.getByText("Edition added", { exact: true })).toBeVisible();
  }
  const switchOn = twi.getByRole("button", { name: /^Switch on Twi/ });
  if (await switchOn.isVisible()) {
    await switchOn.click();
    await expect(page.getByText("Edition switched on", { exact: true })).toBeVisible();
  }
  await expect(twi.getByRole("button", { name: /^Switch off Twi/ })).toBeVisible();
}
