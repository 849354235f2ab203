import { expect, test, type Locator, type Page } from "@playwright/test";
import { E2E_ACCOUNTS } from "./accounts";
import { signIn } from "./helpers";

/**
 * On a slow phone the back office is on screen, server-rendered, seconds before its script runs. What an
 * editor types or chooses in that time is what the form sends: hydration must not put a select back,
 * untick a box, or drop the text typed into the body or the tags.
 */

/** Every script of the page arrives three seconds late, as over a slow connection. */
const scriptsArriveLate = (page: Page) =>
  page.route("**/*.js", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    await route.continue();
  });

/** The page has hydrated once the rich editor's toolbar has replaced the plain body field. */
async function untilHydrated(page: Page) {
  await expect(page.getByRole("toolbar", { name: "Formatting" })).toBeVisible({ timeout: 20_000 });
}

/** Still the server's page: the body is the plain textarea the script replaces. */
async function expectNotYetHydrated(page: Page) {
  await expect(page.locator("textarea#content")).toHaveCount(1);
  await expect(page.getByRole("toolbar", { name: "Formatting" })).toHaveCount(0);
}

/** React marks each element it has taken over with its own properties. */
const isHydrated = (element: Locator) =>
  element.evaluate((node) => Object.keys(node).some((key) => key.startsWith("__reactFiber")));

test("a new story: everything typed and chosen before the script ran survives hydration", async ({
  page,
}) => {
  await signIn(page, E2E_ACCOUNTS.editor);
  await scriptsArriveLate(page);
  await page.goto("/admin/articles/add", { waitUntil: "commit" });
  const status = page.getByLabel("Status", { exact: true });
  await status.selectOption("pending");
  await page.getByLabel("Title", { exact: true }).fill("Typed before the script ran");
  await page.getByRole("textbox", { name: "Content", exact: true }).fill("<p>Written on a slow phone.</p>");
  await page.getByRole("textbox", { name: "Tags", exact: true }).fill("slow phones, hydration");
  await page.getByLabel("Use a manual date").check();
  await page.getByLabel("Featured image URL").fill("https://example.org/photo.jpg");
  await expectNotYetHydrated(page);

  await untilHydrated(page);
  await expect(status).toHaveValue("pending");
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue("Typed before the script ran");
  await expect(page.getByRole("textbox", { name: "Content", exact: true })).toHaveText(
    "Written on a slow phone.",
  );
  await expect(page.getByRole("list", { name: "Chosen tags" }).getByRole("listitem")).toHaveText([
    /slow phones/,
    /hydration/,
  ]);
  await expect(page.getByLabel("Use a manual date")).toBeChecked();
  await expect(page.getByLabel("Featured image URL")).toHaveValue("https://example.org/photo.jpg");
});

test("an existing story: a status chosen and a body rewritten before the script ran are what is saved", async ({
  page,
}) => {
  await signIn(page, E2E_ACCOUNTS.editor);
  await page.goto("/admin/articles/add");
  await untilHydrated(page);
  await page.getByLabel("Title", { exact: true }).fill("A draft reopened on a slow phone");
  await page.getByRole("textbox", { name: "Content", exact: true }).fill("Its first paragraph.");
  await page.getByRole("button", { name: "Create Article" }).click();
  await expect(page.getByText("Article Created!")).toBeVisible();
  const edit = new URL(page.url()).pathname;
  expect(edit).toMatch(/^\/admin\/articles\/edit\//);

  await scriptsArriveLate(page);
  await page.goto(edit, { waitUntil: "commit" });
  const status = page.getByLabel("Status", { exact: true });
  await expect(status).toHaveValue("draft");
  await status.selectOption("pending");
  await expectNotYetHydrated(page);

  await untilHydrated(page);
  await expect(status).toHaveValue("pending");
  await page.getByRole("button", { name: "Update Article" }).click();
  await expect(page.getByText("Article updated successfully!")).toBeVisible();

  // Reopened, its scripts late again: the body is rewritten before they run.
  await page.reload({ waitUntil: "commit" });
  await expect(status).toHaveValue("pending");
  const body = page.getByRole("textbox", { name: "Content", exact: true });
  await body.fill("Its first paragraph, rewritten on the bus.");
  await expectNotYetHydrated(page);
  await untilHydrated(page);
  await expect(body).toHaveText("Its first paragraph, rewritten on the bus.");
  // Not saved yet, so leaving asks first.
  await page.getByRole("link", { name: "Dashboard" }).first().click();
  await expect(page.getByText("Leave without saving?")).toBeVisible();
  await page.getByRole("button", { name: "Stay on this page" }).click();
  await page.getByRole("button", { name: "Update Article" }).click();
  await expect(page.getByText("Article updated successfully!")).toBeVisible();
  await page.reload();
  await untilHydrated(page);
  await expect(body).toHaveText("Its first paragraph, rewritten on the bus.");
});

test("a row ticked in a list before the script ran is the one the bulk action deletes", async ({ page }) => {
  await signIn(page, E2E_ACCOUNTS.editor);
  await page.goto("/admin/articles/add");
  await untilHydrated(page);
  const title = "A draft ticked on a slow phone";
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByRole("textbox", { name: "Content", exact: true }).fill("To be deleted in bulk.");
  await page.getByRole("button", { name: "Create Article" }).click();
  await expect(page.getByText("Article Created!")).toBeVisible();

  await scriptsArriveLate(page);
  await page.goto(`/admin/articles?q=${encodeURIComponent(title)}`, { waitUntil: "commit" });
  const row = page.getByRole("checkbox", { name: `Select ${title}` });
  await row.check();
  expect(await isHydrated(row)).toBe(false);

  await expect(page.getByText("1 selected")).toBeVisible({ timeout: 20_000 });
  expect(await isHydrated(row)).toBe(true);
  await expect(row).toBeChecked();
  await page.getByLabel("Bulk action").selectOption("delete");
  await page.getByRole("button", { name: "Apply" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("checkbox", { name: `Select ${title}` })).toHaveCount(0);
  await page.goto(`/admin/articles?q=${encodeURIComponent(title)}`);
  await expect(page.getByRole("checkbox", { name: `Select ${title}` })).toHaveCount(0);
});
