import AxeBuilder from "@axe-core/playwright";
import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { E2E_ACCOUNTS } from "./accounts";
import { signIn } from "./helpers";

/**
 * Members and Revenue in the back office (decision record 021). No screen here creates a member or a
 * payment, so the journey looks at what any database shows the same: a search nobody matches, a range of
 * days before the site existed, and its CSV (the header line alone). An admin sees both screens; an
 * editor sees Members and gets 403 at Revenue and its CSV; a writer has neither.
 */
test.describe.configure({ mode: "serial" });

async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

const menu = (page: Page) => page.getByRole("navigation", { name: "Admin" });

test("an admin opens Members and searches for nobody", async ({ page }) => {
  await signIn(page, E2E_ACCOUNTS.admin);
  await menu(page).getByRole("link", { name: "Members" }).click();
  await expect(page.getByRole("heading", { name: "Members", level: 1 })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Filter by access" })).toContainText(
    "With a running pass",
  );
  await page.getByLabel("Search members by e-mail or name").fill(`nobody.${Date.now()}@example.com`);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText("No members match your search.")).toBeVisible();
  await expect(page.getByText(/Showing 0 to 0 of 0 members/)).toBeVisible();
  await expectNoAxeViolations(page);
});

test("an admin opens Revenue, picks days without payments and downloads their CSV", async ({ page }) => {
  await signIn(page, E2E_ACCOUNTS.admin);
  await menu(page).getByRole("link", { name: "Revenue" }).click();
  await expect(page.getByRole("heading", { name: "Revenue", level: 1 })).toBeVisible();
  await page.getByLabel("From", { exact: true }).fill("2020-01-01");
  await page.getByLabel("To", { exact: true }).fill("2020-01-31");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/\/admin\/revenue\?from=2020-01-01&to=2020-01-31$/);
  await expect(page.getByText("No payments in these days yet.")).toBeVisible();
  await expect(page.getByText("No payments in these days.", { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("revenue-2020-01-01-to-2020-01-31.csv");
  const csv = await readFile((await download.path()) ?? "", "utf8");
  expect(csv).toBe('"paid_at","reference","email","what","amount_ghs","channel","status","refunded_at"\r\n');
  const response = await page.request.get("/admin/revenue.csv?from=2020-01-01&to=2020-01-31");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  expect(response.headers()["cache-control"]).toBe("private, no-store");
});

test("an editor has Members but no Revenue: 403 at the screen and its CSV", async ({ page }) => {
  await signIn(page, E2E_ACCOUNTS.editor);
  await expect(menu(page).getByRole("link", { name: "Members" })).toBeVisible();
  await expect(menu(page).getByRole("link", { name: "Revenue" })).toHaveCount(0);
  expect((await page.goto("/admin/revenue"))?.status()).toBe(403);
  expect((await page.request.get("/admin/revenue.csv")).status()).toBe(403);
});

test("a writer has neither screen", async ({ page }) => {
  await signIn(page, E2E_ACCOUNTS.writer);
  await expect(menu(page).getByRole("link", { name: "Members" })).toHaveCount(0);
  await expect(menu(page).getByRole("link", { name: "Revenue" })).toHaveCount(0);
  expect((await page.goto("/admin/members"))?.status()).toBe(403);
  expect((await page.goto("/admin/revenue"))?.status()).toBe(403);
});
