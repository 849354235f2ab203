import { expect, test, type Browser, type Page } from "@playwright/test";
import { E2E_ACCOUNTS } from "./accounts";
import { signIn } from "./helpers";

/**
 * Review of live stories (docs/architecture.md, "a writer's change to a live story waits for review"):
 * a writer's change to a published story waits for review while readers keep the published text; the
 * editor is notified, compares, approves it as a correction, and readers see the new text with
 * "Updated" and the note. A second change is rejected with a note: readers never see it, the writer does.
 */
// Three people in three browsers per test: more steps than the default 30 seconds allow on a busy machine.
test.describe.configure({ mode: "serial", timeout: 120_000 });

const stamp = Date.now();
const title = `Harbour dredging resumes ${stamp}`;
const original = "Dredging at the fishing harbour resumed on Monday after a two week pause.";
const proposed = "Dredging at the fishing harbour resumed on Tuesday after a two week pause.";
const rumour = "Officials privately expect the harbour to close for a year.";
let articleId = "";

async function newSignedInPage(browser: Browser, account: { email: string; password: string }) {
  const page = await browser.newPage();
  await signIn(page, account);
  return page;
}

/** Replaces the whole body in the rich-text editor, as a person selecting all and typing does. */
async function replaceBody(page: Page, text: string) {
  const body = page.getByRole("textbox", { name: "Content", exact: true });
  await body.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(text);
  // The form sends the editor's text from a field React fills on its next render: on a slow machine a
  // click right after typing sent the text from before (the proposal held the published body).
  await expect(page.locator('input[type="hidden"][name="content"]')).toHaveValue(`<p>${text}</p>`);
}

/** The story's own body on its public page (its related stories' excerpts can quote the same words). */
const storyBody = (page: Page) => page.locator(".prose-article");

async function openBell(page: Page) {
  await page
    .getByRole("button", { name: /Notifications/ })
    .or(page.locator("summary[aria-label^='Notifications']"))
    .first()
    .click();
}

test("a published story by a writer: the writer proposes a change, readers keep the published text", async ({
  browser,
}) => {
  const writer = await newSignedInPage(browser, E2E_ACCOUNTS.writer);
  await writer.goto("/admin/articles/add");
  await writer.getByLabel("Title", { exact: true }).fill(title);
  await replaceBody(writer, original);
  await writer.getByLabel("Status", { exact: true }).selectOption("pending");
  await writer.getByRole("button", { name: "Create Article" }).click();
  await expect(writer.getByText("Article Created!")).toBeVisible();

  const editor = await newSignedInPage(browser, E2E_ACCOUNTS.editor);
  await editor.goto(`/admin/articles?q=${encodeURIComponent(title)}`);
  const row = editor.getByRole("row").filter({ hasText: title });
  await row.getByRole("button", { name: "Publish" }).click();
  await expect(editor.getByText("Article published.")).toBeVisible();
  const edit = await row.getByRole("link", { name: "Edit" }).getAttribute("href");
  articleId = edit?.split("/").pop() ?? "";
  expect(articleId).not.toBe("");

  const reader = await browser.newPage();
  await reader.goto(`/article/${articleId}`);
  await expect(storyBody(reader).getByText(original)).toBeVisible();

  // The writer changes the live story: saved, but as a proposal.
  await writer.goto(`/admin/articles/edit/${articleId}`);
  await replaceBody(writer, proposed);
  await writer.getByRole("button", { name: "Update Article" }).click();
  // Said by the toast and kept by the editor's status line: the line is the one that stays.
  await expect(writer.getByRole("main").getByText("Your changes are waiting for review.")).toBeVisible();
  await writer.goto(`/admin/articles/edit/${articleId}`);
  await expect(
    writer.getByText(/Your changes are waiting for review: readers see the published version/),
  ).toBeVisible();
  await expect(writer.getByRole("textbox", { name: "Content", exact: true })).toContainText("on Tuesday");

  await reader.reload();
  await expect(storyBody(reader).getByText(original)).toBeVisible();
  await expect(storyBody(reader).getByText("on Tuesday")).toHaveCount(0);
  await Promise.all([writer.close(), editor.close(), reader.close()]);
});

test("the editor is notified, reads the word-level diff and approves it as a correction; readers see it", async ({
  page,
  browser,
}) => {
  expect(articleId).not.toBe("");
  await signIn(page, E2E_ACCOUNTS.editor);
  await openBell(page);
  await page
    .getByRole("button", { name: new RegExp(`proposed changes to "${title}"`) })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/admin/articles/revisions/${articleId}`));
  await expect(page.getByRole("heading", { name: "Revision history" })).toBeVisible();
  const diff = page.locator("[data-revision-diff]");
  await expect(diff.locator("del")).toContainText(["Monday"]);
  await expect(diff.locator("ins")).toContainText(["Tuesday"]);

  await page.getByLabel(/Correction note/).fill("An earlier version gave the wrong day.");
  await page.getByRole("button", { name: "Approve changes" }).click();
  await expect(page.getByText("Changes approved: the story is updated.")).toBeVisible();
  const live = page.locator("tr").filter({ hasText: "Live" });
  await expect(live).toContainText("Approved by Edem Editor");

  const reader = await browser.newPage();
  await reader.goto(`/article/${articleId}`);
  await expect(storyBody(reader).getByText(proposed)).toBeVisible();
  await expect(reader.getByText(/^Updated /)).toBeVisible();
  await expect(reader.getByText("An earlier version gave the wrong day.")).toBeVisible();
  await reader.close();
});

test("a rejected proposal never reaches readers and the writer sees the editor's note", async ({
  browser,
}) => {
  expect(articleId).not.toBe("");
  const writer = await newSignedInPage(browser, E2E_ACCOUNTS.writer);
  await writer.goto(`/admin/articles/edit/${articleId}`);
  await replaceBody(writer, rumour);
  await writer.getByRole("button", { name: "Update Article" }).click();
  // Said by the toast and kept by the editor's status line: the line is the one that stays.
  await expect(writer.getByRole("main").getByText("Your changes are waiting for review.")).toBeVisible();

  const editor = await newSignedInPage(browser, E2E_ACCOUNTS.editor);
  await editor.goto(`/admin/articles/edit/${articleId}`);
  await editor.getByRole("link", { name: "Review changes" }).click();
  await editor.getByRole("button", { name: "Reject changes" }).click();
  await expect(editor.getByText("Please tell the writer why the changes are rejected.")).toBeVisible();
  await editor.getByLabel("Note to the writer").fill("Please name a source for this.");
  await editor.getByRole("button", { name: "Reject changes" }).click();
  await expect(editor.getByText("Changes rejected: the writer sees your note.")).toBeVisible();

  const reader = await browser.newPage();
  await reader.goto(`/article/${articleId}`);
  await expect(storyBody(reader).getByText(proposed)).toBeVisible();
  await expect(storyBody(reader).getByText(rumour)).toHaveCount(0);

  await writer.goto(`/admin/articles/edit/${articleId}`);
  const notice = writer.getByRole("status").filter({ hasText: "An editor rejected your proposed changes" });
  await expect(notice).toContainText("Edem Editor: Please name a source for this.");
  await Promise.all([writer.close(), editor.close(), reader.close()]);
});
