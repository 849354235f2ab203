import { expect, test, type Page } from "@playwright/test";
import { E2E_ACCOUNTS } from "./accounts";
import { signIn } from "./helpers";

/**
 * The newsroom journey: a writer submits a draft for review, an editor is notified, publishes it and
 * makes it Breaking News, it leads the home page, a reader comments and the editor approves it.
 */
test.describe.configure({ mode: "serial" });

const title = `Tema port clears record cargo ${Date.now()}`;
const commentText = `Good news for Tema traders ${Date.now()}`;
let articlePath = "";

async function editorBody(page: Page) {
  return page.getByRole("textbox", { name: "Content", exact: true });
}

test("a writer writes a draft with tags and a featured image and submits it for review", async ({
  page,
  baseURL,
}) => {
  await signIn(page, E2E_ACCOUNTS.writer);
  await page.goto("/admin/articles/add");

  // Nothing typed yet: the spec's messages, and nothing is sent.
  await page.getByRole("button", { name: "Create Article" }).click();
  await expect(page.getByText("Please enter a title for the article.").first()).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/articles\/add$/);

  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByRole("button", { name: "Create Article" }).click();
  await expect(page.getByText("Please enter content for the article.").first()).toBeVisible();

  const body = await editorBody(page);
  await body.click();
  await page.keyboard.type("Cargo volumes at Tema rose sharply this quarter, the port authority said.");

  // An image by URL needs a URL.
  await page.getByRole("button", { name: "Image", exact: true }).click();
  await page.getByRole("button", { name: "URL", exact: true }).click();
  await page.getByRole("button", { name: "Insert image" }).click();
  await expect(page.getByText("Please enter an image URL")).toBeVisible();
  await page.getByRole("button", { name: "Cancel" }).first().click();

  const tags = page.getByRole("textbox", { name: "Tags", exact: true });
  await tags.fill("business");
  await tags.press("Enter");
  await tags.fill("tema,");
  await expect(page.getByRole("list", { name: "Chosen tags" })).toContainText("business");
  await expect(page.getByRole("list", { name: "Chosen tags" })).toContainText("tema");
  await tags.fill("polit");
  await page.getByRole("list", { name: "Tag suggestions" }).getByRole("button", { name: "politics" }).click();

  await page.getByLabel("Category", { exact: true }).selectOption({ label: "Business" });
  await page.getByLabel("Featured image URL", { exact: true }).fill(`${baseURL}/favicon.svg`);
  // A writer has no Published choice and no flags: the editor decides.
  await expect(page.getByLabel("Status", { exact: true }).locator("option")).toHaveText([
    "Draft",
    "Pending Review",
  ]);
  await expect(page.getByLabel("Featured", { exact: true })).toHaveCount(0);
  await page.getByLabel("Status", { exact: true }).selectOption("pending");
  await page.getByRole("button", { name: "Create Article" }).click();

  // Saving keeps the editor open, on the article's own edit screen.
  await expect(page).toHaveURL(/\/admin\/articles\/edit\//);
  await expect(page.getByText("Article Created!")).toBeVisible();
  await page.goto(`/admin/articles?q=${encodeURIComponent(title)}`);
  const row = page.getByRole("row").filter({ hasText: title });
  await expect(row).toContainText("Pending Review");
  await expect(row).toContainText("business");
  await expect(row.getByRole("button", { name: "Publish" })).toHaveCount(0);
  await expect(row.locator("img")).toHaveAttribute("src", `${baseURL}/favicon.svg`);
});

test("the writer cannot reach comment moderation", async ({ page }) => {
  await signIn(page, E2E_ACCOUNTS.writer);
  const response = await page.goto("/admin/comments");
  expect(response?.status()).toBe(403);
  await expect(page.getByText("Access Denied")).toBeVisible();
});

test("an editor is notified, publishes the article and marks it Breaking News; the home hero shows it", async ({
  page,
}) => {
  await signIn(page, E2E_ACCOUNTS.editor);
  await page
    .getByRole("button", { name: /Notifications/ })
    .or(page.locator("summary[aria-label^='Notifications']"))
    .first()
    .click();
  const notification = page.getByRole("button", {
    name: new RegExp(`^"${title}" by .* was submitted for review`),
  });
  await expect(notification).toBeVisible();
  await notification.click();
  await expect(page).toHaveURL(/\/admin\/articles\/edit\//);
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
  articlePath = new URL(page.url()).pathname.replace("/admin/articles/edit/", "/article/");

  await page.goto(`/admin/articles?q=${encodeURIComponent(title)}`);
  const row = page.getByRole("row").filter({ hasText: title });
  await row.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByText("Article published.")).toBeVisible();
  await expect(row).toContainText("Published");
  await row.getByRole("button", { name: "Mark as Breaking News" }).click();
  await expect(page.getByText("Article marked as Breaking News.")).toBeVisible();
  await expect(row).toContainText("Breaking News");

  await page.goto("/");
  const hero = page.getByRole("region", { name: "Top story" });
  await expect(hero).toContainText(title);
});

test("a reader comments, the editor approves it, and the reader sees it", async ({ page, browser }) => {
  expect(articlePath).not.toBe("");
  const reader = await browser.newPage();
  await reader.goto(articlePath);
  await reader.getByLabel("Name", { exact: true }).fill("Kojo Reader");
  await reader.getByLabel("Email", { exact: true }).fill("kojo@example.com");
  await reader.getByLabel("Comment", { exact: true }).fill(commentText);
  await reader.getByRole("button", { name: "Post Comment" }).click();
  await expect(
    reader.getByText("Your comment has been submitted successfully! It will be reviewed before publishing."),
  ).toBeVisible();
  await reader.reload();
  await expect(reader.getByText(commentText)).toHaveCount(0);

  await signIn(page, E2E_ACCOUNTS.editor);
  await page.goto("/admin/comments?status=pending");
  const row = page.getByRole("row").filter({ hasText: commentText });
  await expect(row).toContainText("Pending");
  await row.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByText("Comment approved.")).toBeVisible();
  await page.goto("/admin/comments?status=approved");
  const approved = page.getByRole("row").filter({ hasText: commentText });
  await expect(approved).toContainText("Approved");
  // Approved comments offer only the table's next steps.
  await expect(approved.getByRole("button", { name: "Approve" })).toHaveCount(0);
  await expect(approved.getByRole("button", { name: "Mark as Spam" })).toBeVisible();

  await reader.reload();
  await expect(reader.getByText(commentText)).toBeVisible();
  await reader.close();
});

test("deleting asks first and says the spec's words", async ({ page }) => {
  await signIn(page, E2E_ACCOUNTS.editor);
  await page.goto("/admin/articles/add");
  const doomed = `Doomed draft ${Date.now()}`;
  await page.getByLabel("Title", { exact: true }).fill(doomed);
  await (await editorBody(page)).click();
  await page.keyboard.type("Short-lived.");
  await page.getByRole("button", { name: "Create Article" }).click();
  await expect(page.getByText("Article Created!")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/articles\/edit\//);
  await page.goto("/admin/articles");
  const row = page.getByRole("row").filter({ hasText: doomed });
  await row.getByRole("button", { name: "Delete" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText(
    "Are you sure you want to delete this article? This action cannot be undone.",
  );
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(row).toBeVisible();
  await row.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByText("Article Deleted!")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: doomed })).toHaveCount(0);
});
