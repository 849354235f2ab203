import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { E2E_ACCOUNTS } from "./accounts";
import { signIn } from "./helpers";

/** An iPhone 12-14 sized screen: every back-office list must be usable at this width. */
const PHONE = { width: 390, height: 844 };
const COMMENT = `Phone moderation check ${Date.now().toString(36)}`;

test.use({ viewport: PHONE });

/** Axe without serious or critical findings, no sideways scrolling, and a screenshot to look at. */
async function checkScreen(page: Page, path: string, name: string) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  await expect(page.locator("main h1").first()).toBeVisible();
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    serious.map((v) => `${path}: ${v.id} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
  ).toEqual([]);
  const widths = await page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return { scroll: root.scrollWidth, client: root.clientWidth };
  });
  expect(widths.scroll, `${path} scrolls sideways`).toBeLessThanOrEqual(widths.client);
  // The first screen as a phone shows it, and the whole page.
  await page.screenshot({ path: `test-results/back-office-phone/${name}.png` });
  await page.screenshot({ path: `test-results/back-office-phone/${name}-full.png`, fullPage: true });
}

/** Opens a row's menu and expects each action visible and inside the screen's width. */
async function expectRowMenu(row: Locator, actions: Array<string | RegExp>, screenshot?: string) {
  await row.locator("summary").click();
  const menu = row.locator("details[open]");
  await expect(menu).toBeVisible();
  for (const name of actions) {
    const action = menu
      .getByRole("link", { name, exact: true })
      .or(menu.getByRole("button", { name, exact: true }));
    await expect(action).toBeVisible();
    // Reachable without sideways scrolling: the whole action lies within the screen's width.
    await action.scrollIntoViewIfNeeded();
    const box = await action.boundingBox();
    expect(box, String(name)).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
  }
  if (screenshot) await row.page().screenshot({ path: `test-results/back-office-phone/${screenshot}.png` });
  return menu;
}

test("a reader's comment waits under Pending, where the comments screen opens on a phone", async ({
  page,
  browser,
}) => {
  await signIn(page, E2E_ACCOUNTS.admin);
  // "All" stays one choice away, and shows the sample's approved comments.
  await page.goto("/admin/comments?status=all");
  await expect(page.getByLabel("Status")).toHaveValue("all");
  const articlePath = await page.locator('main a[href^="/article/"]').first().getAttribute("href");
  expect(articlePath).toBeTruthy();

  const reader = await browser.newPage();
  await reader.goto(articlePath!);
  await reader.getByLabel("Name", { exact: true }).fill("Esi Reader");
  await reader.getByLabel("Email", { exact: true }).fill("esi@example.com");
  await reader.getByLabel("Comment", { exact: true }).fill(COMMENT);
  await reader.getByRole("button", { name: "Post Comment" }).click();
  await expect(
    reader.getByText("Your comment has been submitted successfully! It will be reviewed before publishing."),
  ).toBeVisible();
  await reader.close();

  await page.goto("/admin/comments");
  await expect(page.getByLabel("Status")).toHaveValue("pending");
  await expect(page.getByRole("link", { name: /Pending/, exact: false }).first()).toHaveAttribute(
    "aria-current",
    "true",
  );
  const row = page.locator("main tbody tr").filter({ hasText: COMMENT });
  await expect(row).toContainText("Pending");
  // Only pending comments are listed: none of the sample's approved ones.
  await expect(page.locator("main tbody tr").filter({ hasText: "Approved" })).toHaveCount(0);
  const menu = await expectRowMenu(row, ["Approve", "Reject", "Delete"]);
  await menu.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByText("Comment approved.")).toBeVisible();
  await expect(page.locator("main tbody tr").filter({ hasText: COMMENT })).toHaveCount(0);

  // The Total card leads to All, which lists the approved comment.
  await page.getByRole("link", { name: /Total/ }).click();
  await expect(page).toHaveURL(/status=all/);
  await expect(page.locator("main tbody tr").filter({ hasText: COMMENT })).toContainText("Approved");
});

test("every back-office list fits a phone, passes axe, and keeps its row actions reachable", async ({
  page,
}) => {
  // Eleven screens with an axe run each, on a machine shared with other test runs.
  test.setTimeout(120_000);
  await signIn(page, E2E_ACCOUNTS.admin);

  // The side menu collapses behind a menu button.
  await expect(page.locator("aside")).toBeHidden();
  await page.locator("header summary").first().click();
  await expect(
    page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Comments" }),
  ).toBeVisible();
  await page.locator("header summary").first().click();

  await checkScreen(page, "/admin/dashboard", "dashboard");

  await checkScreen(page, "/admin/articles", "articles");
  await expect(page.getByLabel("Search articles")).toBeVisible();
  await expect(page.getByLabel("Bulk action")).toBeVisible();
  await expectRowMenu(
    page.locator("main tbody tr").first(),
    ["Edit", "Delete", /^(Publish|Unpublish)$/, /^(Feature|Unfeature)$/, /Breaking News/],
    "articles-menu",
  );

  await checkScreen(page, "/admin/comments?status=all", "comments");
  await expect(page.getByLabel("Bulk action")).toBeVisible();
  await expectRowMenu(
    page.locator("main tbody tr").first(),
    ["Reject", "Mark as Spam", "Delete"],
    "comments-menu",
  );

  await checkScreen(page, "/admin/users", "users");
  await expect(page.getByLabel("Bulk action")).toBeVisible();
  await expect(page.getByLabel("Filter by role")).toBeVisible();
  const editor = page.locator("main tbody tr").filter({ hasText: E2E_ACCOUNTS.editor.email });
  // Role badges in the spec's colours: admin red, editor blue, writer green.
  await expect(editor.getByText("Editor", { exact: true })).toHaveClass(/bg-blue-100/);
  await expect(
    page
      .locator("main tbody tr")
      .filter({ hasText: E2E_ACCOUNTS.admin.email })
      .locator("span")
      .filter({ hasText: /^Administrator$/ }),
  ).toHaveClass(/bg-red-100/);
  await expect(
    page
      .locator("main tbody tr")
      .filter({ hasText: E2E_ACCOUNTS.writer.email })
      .getByText("Writer", { exact: true }),
  ).toHaveClass(/bg-green-100/);
  await expectRowMenu(
    editor,
    ["Edit", `Deactivate ${E2E_ACCOUNTS.editor.name}`, `Delete ${E2E_ACCOUNTS.editor.name}`],
    "users-menu",
  );

  await checkScreen(page, "/admin/categories", "categories");
  await expectRowMenu(page.locator("main tbody tr").first(), ["Edit", "Delete"]);

  await checkScreen(page, "/admin/media", "media");
  await checkScreen(page, "/admin/notifications", "notifications");
  await checkScreen(page, "/admin/messages", "messages");
  // An article's revision history is a list too.
  await page.goto("/admin/articles");
  const editHref = await page
    .locator('main tbody tr a[href*="/admin/articles/edit/"]')
    .first()
    .getAttribute("href");
  await checkScreen(page, editHref!.replace("/edit/", "/revisions/"), "revisions");
  await checkScreen(page, "/admin/profile", "profile");
  await expect(
    page
      .getByRole("main")
      .locator("span")
      .filter({ hasText: /^Administrator$/ }),
  ).toHaveClass(/bg-red-100/);

  // The user menu names the role too.
  await page.locator("header details").last().locator("summary").click();
  await expect(
    page
      .locator("header details[open]")
      .locator("span")
      .filter({ hasText: /^Administrator$/ })
      .last(),
  ).toHaveClass(/bg-red-100/);
  await page.screenshot({ path: "test-results/back-office-phone/user-menu.png" });
});

test.describe("on a desktop", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("the lists keep their tables with the actions inline", async ({ page }) => {
    await signIn(page, E2E_ACCOUNTS.admin);
    for (const [path, name] of [
      ["/admin/articles", "articles"],
      ["/admin/comments?status=all", "comments"],
      ["/admin/users", "users"],
    ] as const) {
      await page.goto(path);
      await expect(page.locator("main thead")).toBeVisible();
      const row = page.locator("main tbody tr").first();
      await expect(row.locator("summary")).toBeHidden();
      await expect(
        row
          .getByRole("button", { name: /Delete|Reject/ })
          .or(row.getByRole("link", { name: "Edit" }))
          .first(),
      ).toBeVisible();
      await page.screenshot({ path: `test-results/back-office-phone/desktop-${name}.png` });
    }
  });
});
