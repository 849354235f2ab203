import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { E2E_ACCOUNTS } from "./accounts";
import { signIn } from "./helpers";

/**
 * The Editions journey (decision record 022, point 1): an admin opens Settings → Editions, is refused a
 * tag that is no language tag and the main edition's own (what was typed stays), adds Twi, sees it switched
 * off at /tw/, switches it on and renames it. Twi stays on for the journeys after this one.
 */
async function expectAxeClean(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);
}

test("an admin adds the Twi edition from Settings → Editions, switches it on and renames it", async ({
  page,
}) => {
  await signIn(page, E2E_ACCOUNTS.admin);
  await page.goto("/admin/settings");
  await page.getByRole("link", { name: "Editions" }).click();
  await expect(page).toHaveURL(/\/admin\/settings\/editions$/);
  await expect(page.getByRole("heading", { name: "Editions", level: 1 })).toBeVisible();
  const main = page.locator("[data-edition-row='en']");
  await expect(main).toContainText("Main");
  await expect(main).toContainText("/");
  await expectAxeClean(page);

  const form = page.locator("form", { has: page.getByRole("button", { name: "Add Edition" }) });
  const tag = form.getByLabel("Language tag");
  const name = form.getByLabel("Name", { exact: true });

  // Checked in the browser: not a language tag. What was typed stays.
  await tag.fill("Twi!");
  await name.fill("Twi");
  await form.getByRole("button", { name: "Add Edition" }).click();
  await expect(form.getByText("Use a language tag such as tw, gaa, ee, ha or dag")).toBeVisible();
  await expect(tag).toHaveValue("Twi!");
  await expect(name).toHaveValue("Twi");

  // Checked by the server: the main edition's own language.
  await tag.fill("en");
  await form.getByRole("button", { name: "Add Edition" }).click();
  await expect(form.getByText("That is the main edition's language")).toBeVisible();
  await expect(tag).toHaveValue("en");
  await expect(name).toHaveValue("Twi");

  await tag.fill("tw");
  await form.getByRole("button", { name: "Add Edition" }).click();
  await expect(page.getByText("Edition added", { exact: true })).toBeVisible();
  const twi = page.locator("[data-edition-row='tw']");
  await expect(twi).toContainText("Off");
  await expect(twi).toContainText("/tw/");
  await expect(tag).toHaveValue("");

  await twi.getByRole("button", { name: "Switch on Twi" }).click();
  await expect(page.getByText("Edition switched on", { exact: true })).toBeVisible();
  await expect(twi).toContainText("On");
  await expect(twi.getByRole("button", { name: "Switch off Twi" })).toBeVisible();

  await twi.getByLabel("Name of the tw edition").fill("Twi (Asante)");
  await twi.getByRole("button", { name: "Rename the tw edition" }).click();
  await expect(page.getByText("Edition renamed", { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.locator("[data-edition-row='tw']").getByLabel("Name of the tw edition")).toHaveValue(
    "Twi (Asante)",
  );
});
