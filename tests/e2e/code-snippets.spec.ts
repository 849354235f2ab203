import { expect, test, type APIRequestContext } from "@playwright/test";
import { E2E_ACCOUNTS } from "./accounts";
import { signIn } from "./helpers";

/** The page's HTML as the server sends it (what a crawler reads), not the DOM after scripts. */
const htmlOf = async (request: APIRequestContext, path: string) => (await request.get(path)).text();

test("a head snippet saved by an admin is in the public pages it matches, and gone once removed", async ({
  page,
  playwright,
}) => {
  const marker = `nd-e2e-${Date.now().toString(36)}`;
  const tag = `<meta name="${marker}" content="verified">`;
  const reader = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });

  await signIn(page, E2E_ACCOUNTS.admin);
  await page.goto("/admin/code");
  await expect(page.getByRole("heading", { name: "Header & Footer Code" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to Dashboard" })).toHaveAttribute("href", "/admin");

  await page.getByRole("button", { name: "Add Snippet" }).click();
  await expect(page.getByText("Name and code are required")).toBeVisible();

  await page.getByLabel("Name").fill("E2E verification");
  await page.getByLabel("Type").selectOption("meta");
  await page.getByLabel("Location").selectOption("head");
  await page.getByLabel("Exclude paths").fill(" /article/* , ");
  await page.getByLabel("Code").fill(tag);
  await page.getByRole("button", { name: "Add Snippet" }).click();
  await expect(page.getByRole("heading", { name: "E2E verification" })).toBeVisible();
  await expect(page.getByText("You have unsaved changes.")).toBeVisible();

  // Local until saved: the public page does not have it yet.
  expect(await htmlOf(reader, "/")).not.toContain(marker);

  await page.getByRole("button", { name: "Save All Changes" }).click();
  await expect(page.getByText("Snippets saved")).toBeVisible();
  await expect(page.getByText("No unsaved changes.")).toBeVisible();

  const home = await htmlOf(reader, "/");
  expect(home).toMatch(new RegExp(`${tag}[^]*</head>`));
  const articlePath = home.match(/href="(\/article\/[^"]+)"/)?.[1];
  expect(articlePath).toBeTruthy();
  expect(await htmlOf(reader, articlePath!)).not.toContain(marker);
  expect(await htmlOf(reader, "/contact")).toContain(tag);
  expect(await htmlOf(page.request, "/admin/dashboard")).not.toContain(marker);

  await page.getByRole("button", { name: "Remove E2E verification" }).click();
  await expect(page.getByRole("heading", { name: "E2E verification" })).toHaveCount(0);
  await page.getByRole("button", { name: "Save All Changes" }).click();
  await expect(page.getByText("No unsaved changes.")).toBeVisible();
  expect(await htmlOf(reader, "/")).not.toContain(marker);
  await reader.dispose();
});

test("an editor sees the snippets but no change controls", async ({ page }) => {
  await signIn(page, E2E_ACCOUNTS.editor);
  await page.goto("/admin/code");
  await expect(
    page.getByText("You can view the snippets. Only administrators can change them."),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Save All Changes" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Add Snippet" })).toHaveCount(0);
});
