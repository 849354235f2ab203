import AxeBuilder from "@axe-core/playwright";
import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { E2E_ACCOUNTS } from "./accounts";
import { signIn } from "./helpers";

/**
 * The newsletter's subscribers in the back office: a reader's signup shows up for an editor, who finds
 * it, exports the list as CSV and deletes it after confirming; a writer has no such screen (403).
 */
test.describe.configure({ mode: "serial" });

const address = `efua.${Date.now()}@example.com`;

async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test("a reader subscribes from the footer", async ({ page }) => {
  await page.goto("/");
  const form = page.locator("footer").getByRole("form", { name: "Newsletter signup" });
  await form.getByLabel("Email address").fill(address);
  await form.getByRole("checkbox").check();
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByText("Thank you for subscribing!")).toBeVisible();
});

test("an editor finds the subscriber, exports the CSV and deletes the address", async ({ page }) => {
  await signIn(page, E2E_ACCOUNTS.editor);
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Subscribers" }).click();
  await expect(page.getByRole("heading", { name: "Subscribers", level: 1 })).toBeVisible();
  await page.getByLabel("Search subscribers").fill(address);
  await page.getByRole("button", { name: "Search" }).click();
  const rows = page.getByRole("list", { name: "Subscribers" }).getByRole("listitem");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(address);
  await expect(rows.first()).toContainText("Confirmed");
  await expectNoAxeViolations(page);

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^subscribers-\d{4}-\d\d-\d\d\.csv$/);
  const csv = await readFile((await download.path()) ?? "", "utf8");
  const lines = csv.trimEnd().split("\r\n");
  expect(lines[0]).toBe('"email","status","consent_at","confirmed_at"');
  expect(lines).toHaveLength(2); // the search applies to the export
  expect(lines[1]).toContain(`"${address}","confirmed"`);

  await rows
    .first()
    .getByRole("button", { name: `Delete ${address}` })
    .click();
  const dialog = page.getByRole("dialog", { name: "Please confirm" });
  await expect(dialog).toContainText(address);
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Subscriber deleted")).toBeVisible();
  await expect(page.getByText("No subscribers match your search.")).toBeVisible();
});

test("a writer has no Subscribers menu and gets 403 at /admin/subscribers", async ({ page }) => {
  await signIn(page, E2E_ACCOUNTS.writer);
  await expect(
    page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Subscribers" }),
  ).toHaveCount(0);
  const response = await page.goto("/admin/subscribers");
  expect(response?.status()).toBe(403);
});
