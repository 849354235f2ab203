import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { E2E_ACCOUNTS } from "./accounts";
import { signIn } from "./helpers";

/**
 * The editor that does not lose work: a draft autosaves to the server and survives a
 * reload, leaving with unsaved changes asks first (in the app and in the browser), saving keeps the
 * editor open, links accept kma.gov.gh and say why they cannot be something else, undo and redo.
 */
test.describe.configure({ mode: "serial" });

const stamp = Date.now();
const body = (page: Page) => page.getByRole("textbox", { name: "Content", exact: true });
/**
 * The rich editor has replaced the server's plain body field (the toolbar shows): typed before that,
 * text goes into the field the editor then takes over, and on a loaded machine a selection made meanwhile
 * is lost.
 */
const editorReady = (page: Page) => expect(page.getByRole("toolbar", { name: "Formatting" })).toBeVisible();
const isAutosave = (url: string) => new URL(url).pathname === "/admin/articles/autosave";

test("a writer's new draft autosaves, the address becomes its edit screen, and a reload finds the text", async ({
  page,
}) => {
  await signIn(page, E2E_ACCOUNTS.writer);
  await page.goto("/admin/articles/add");
  const title = `Autosaved draft ${stamp}`;
  await page.getByLabel("Title", { exact: true }).fill(title);
  await body(page).click();
  await page.keyboard.type("Kumasi traders met the assembly on Tuesday.");

  // Only the server's answer shows a time; the first save creates the draft and the address follows it.
  await expect(page.getByText(/^Saved at \d{1,2}:\d{2}/)).toBeVisible({ timeout: 10_000 });
  await expect(page).toHaveURL(/\/admin\/articles\/edit\/[\w-]+$/);

  // The editor was not reloaded: the cursor is where it was, typing goes on after the same sentence.
  const next = page.waitForResponse((response) => isAutosave(response.url()) && response.ok());
  await page.keyboard.type(" The levy was cut by half.");
  await expect(body(page)).toContainText(
    "Kumasi traders met the assembly on Tuesday. The levy was cut by half.",
  );
  await next;

  await page.reload();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
  await expect(body(page)).toContainText(
    "Kumasi traders met the assembly on Tuesday. The levy was cut by half.",
  );
  await expect(page.getByRole("heading", { name: "Edit Article" })).toBeVisible();

  // Saved and unchanged: leaving asks nothing.
  await page.getByRole("link", { name: "← Back" }).click();
  await expect(page).toHaveURL(/\/admin\/articles$/);
  await expect(page.getByRole("row").filter({ hasText: title })).toContainText("Draft");
});

test("without a title nothing autosaves, and the editor says so", async ({ page }) => {
  await signIn(page, E2E_ACCOUNTS.writer);
  await page.goto("/admin/articles/add");
  let sent = 0;
  page.on("request", (request) => {
    if (isAutosave(request.url())) sent++;
  });
  await body(page).click();
  await page.keyboard.type("Text without a title yet.");
  await expect(page.getByText("Autosave starts once the article has a title and some text.")).toBeVisible({
    timeout: 10_000,
  });
  expect(sent).toBe(0);
  await expect(page).toHaveURL(/\/admin\/articles\/add$/);
});

test("a failed autosave says why, keeps the text and the warning, and the next change saves it", async ({
  page,
}) => {
  await signIn(page, E2E_ACCOUNTS.writer);
  await page.goto("/admin/articles/add");
  const route = "**/admin/articles/autosave";
  await page.route(route, (request) => request.abort("internetdisconnected"));
  await page.getByLabel("Title", { exact: true }).fill(`Offline draft ${stamp}`);
  await body(page).click();
  await page.keyboard.type("Written on a bus without signal.");
  await expect(
    page.getByText("Not saved: the server cannot be reached. Your text is still here; saving again shortly."),
  ).toBeVisible({ timeout: 10_000 });
  await expect(page.getByText(/^Saved at/)).toHaveCount(0);
  await expect(page).toHaveURL(/\/admin\/articles\/add$/);

  await page.unroute(route);
  await page.route(route, (request) =>
    request.fulfill({ status: 503, contentType: "text/html", body: "<h1>Service Unavailable</h1>" }),
  );
  await page.keyboard.type(" Still no signal.");
  await expect(
    page.getByText("Not saved: the draft could not be saved. Your text is still here; saving again shortly."),
  ).toBeVisible({ timeout: 10_000 });

  // Nothing is saved yet: leaving still asks.
  await page.getByRole("link", { name: "← Back" }).click();
  const dialog = page.getByRole("dialog", { name: "Leave without saving?" });
  await dialog.getByRole("button", { name: "Stay on this page" }).click();

  await page.unroute(route);
  await body(page).click();
  await page.keyboard.press("End");
  await page.keyboard.type(" Back in town.");
  await expect(page.getByText(/^Saved at \d{1,2}:\d{2}/)).toBeVisible({ timeout: 10_000 });
  await expect(page).toHaveURL(/\/admin\/articles\/edit\/[\w-]+$/);
  await page.reload();
  await expect(body(page)).toContainText("Written on a bus without signal. Still no signal. Back in town.");
});

test("an editor publishes and stays in the editor; unsaved changes to the live story ask before leaving", async ({
  page,
}) => {
  await signIn(page, E2E_ACCOUNTS.editor);
  await page.goto("/admin/articles/add");
  const title = `Live story ${stamp}`;
  await page.getByLabel("Title", { exact: true }).fill(title);
  await editorReady(page);
  await body(page).click();
  await page.keyboard.type("The harbour reopened this morning.");
  await page.getByLabel("Status", { exact: true }).selectOption("published");
  await page.getByRole("button", { name: "Create Article" }).click();
  await expect(page.getByText("Article Created!")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/articles\/edit\/[\w-]+$/);
  const id = new URL(page.url()).pathname.split("/").pop() ?? "";
  // The story's readable address, made from its title.
  const storyPath = await page.getByRole("link", { name: "View story" }).getAttribute("href");
  expect(storyPath).toMatch(/^\/article\/[a-z0-9]+(-[a-z0-9]+)*$/);
  expect(storyPath).not.toContain(id);

  // A published story never autosaves: readers would see half-typed text.
  let sent = 0;
  page.on("request", (request) => {
    if (isAutosave(request.url())) sent++;
  });
  await body(page).click();
  await page.keyboard.press("End");
  await page.keyboard.type(" Ferries run again.");
  await expect(
    page.getByText("Autosave is for drafts only: save your changes with Update Article."),
  ).toBeVisible();

  // In the app: the app's own dialog; staying keeps the text.
  await page.getByRole("link", { name: "← Back" }).click();
  const dialog = page.getByRole("dialog", { name: "Leave without saving?" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("You have unsaved changes.");
  await dialog.getByRole("button", { name: "Stay on this page" }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/admin/articles/edit/${id}$`));
  await expect(body(page)).toContainText("The harbour reopened this morning. Ferries run again.");
  expect(sent).toBe(0);

  // Saving stays in the editor, with the spec's toast and the link to the story.
  await page.getByRole("button", { name: "Update Article" }).click();
  await expect(page.getByText("Article updated successfully!")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/admin/articles/edit/${id}$`));
  await expect(body(page)).toContainText("Ferries run again.");
  await page.getByRole("link", { name: "View story" }).click();
  await expect(page).toHaveURL(new RegExp(`${storyPath}$`));
  // The story's own text (a related card from an earlier run may quote the same words).
  await expect(page.getByText("The harbour reopened this morning. Ferries run again.").first()).toBeVisible();

  // Back in the editor, a new change and then "leave anyway".
  await page.goto(`/admin/articles/edit/${id}`);
  await body(page).click();
  await page.keyboard.type("Draft thought ");
  await page.getByRole("link", { name: "← Back" }).click();
  await page
    .getByRole("dialog", { name: "Leave without saving?" })
    .getByRole("button", { name: "Leave without saving" })
    .click();
  await expect(page).toHaveURL(/\/admin\/articles$/);
});

test("publishing a draft says Published, saving the live story says Changes saved, and the editor keeps saying it", async ({
  page,
}) => {
  await signIn(page, E2E_ACCOUNTS.editor);
  await page.goto("/admin/articles/add");
  await page.getByLabel("Title", { exact: true }).fill(`Budget vote ${stamp}`);
  await editorReady(page);
  await body(page).click();
  await page.keyboard.type("Parliament votes on the budget tonight.");
  await page.getByRole("button", { name: "Create Article" }).click();
  await expect(page.getByText("Article Created!")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/articles\/edit\/[\w-]+$/);
  // The editor's own status line, not the toast (which closes after 3 s).
  const statusLine = page.locator("form p[role=status]");

  await page.getByLabel("Status", { exact: true }).selectOption("published");
  await page.getByRole("button", { name: "Update Article" }).click();
  const toast = page.locator("[data-toast]").filter({ hasText: "Article updated successfully!" });
  await expect(toast).toContainText("Published: readers can see it now.");
  await expect(statusLine).toHaveText("Published: readers can see it now.");
  await expect(page.getByRole("link", { name: "View story" })).toBeVisible();
  await expect(toast).toBeHidden({ timeout: 10_000 });
  await expect(statusLine).toHaveText("Published: readers can see it now.");

  // A change to the live story: it does not autosave, and saving it says so, not "drafts only".
  await body(page).click();
  await page.keyboard.press("End");
  await page.keyboard.type(" The vote passed.");
  await expect(statusLine).toHaveText("Autosave is for drafts only: save your changes with Update Article.");
  await page.getByRole("button", { name: "Update Article" }).click();
  await expect(
    page.locator("[data-toast]").filter({ hasText: "Changes saved: readers see them now." }),
  ).toContainText("Article updated successfully!");
  await expect(statusLine).toHaveText("Changes saved: readers see them now.");
  await page.waitForTimeout(4000);
  await expect(statusLine).toHaveText("Changes saved: readers see them now.");
});

test("an abandoned autosaved draft does not keep the title's address: the story published with that title gets it", async ({
  page,
}) => {
  await signIn(page, E2E_ACCOUNTS.editor);
  const title = `Abandoned headline ${stamp}`;
  // A draft started and left: its title and a word, autosaved.
  await page.goto("/admin/articles/add");
  await page.getByLabel("Title", { exact: true }).fill(title);
  await editorReady(page);
  await body(page).click();
  await page.keyboard.type("Notes");
  await expect(page.getByText(/^Saved at \d{1,2}:\d{2}/)).toBeVisible({ timeout: 10_000 });
  await expect(page).toHaveURL(/\/admin\/articles\/edit\/[\w-]+$/);
  const draftId = new URL(page.url()).pathname.split("/").pop() ?? "";

  // The finished story, written afresh under the same title and published.
  await page.goto("/admin/articles/add");
  await page.getByLabel("Title", { exact: true }).fill(title);
  await editorReady(page);
  await body(page).click();
  await page.keyboard.type("The full story, checked and ready.");
  await page.getByLabel("Status", { exact: true }).selectOption("published");
  await page.getByRole("button", { name: "Create Article" }).click();
  await expect(page.getByText("Article Created!")).toBeVisible();
  const clean = `/article/abandoned-headline-${stamp}`;
  await expect(page.getByRole("link", { name: "View story" })).toHaveAttribute("href", clean);
  await page.getByRole("link", { name: "View story" }).click();
  await expect(page).toHaveURL(new RegExp(`${clean}$`));
  await expect(page.getByText("The full story, checked and ready.").first()).toBeVisible();

  // The draft moved to a suffixed address and is still there to finish or delete.
  await page.goto(`/admin/articles/edit/${draftId}`);
  await expect(page.getByLabel("URL slug")).toHaveValue(`abandoned-headline-${stamp}-${draftId.slice(0, 8)}`);
});

test("closing the tab with unsaved changes gets the browser's own question", async ({ page }) => {
  await signIn(page, E2E_ACCOUNTS.editor);
  await page.goto("/admin/articles/add");
  await body(page).click();
  await page.keyboard.type("Unsaved words");
  const question = page.waitForEvent("dialog");
  await page.close({ runBeforeUnload: true });
  const dialog = await question;
  expect(dialog.type()).toBe("beforeunload");
  await dialog.accept();
});

test("the link dialog takes kma.gov.gh, and says why it cannot take javascript: or nonsense", async ({
  page,
}) => {
  await signIn(page, E2E_ACCOUNTS.writer);
  await page.goto("/admin/articles/add");
  await editorReady(page);
  await body(page).click();
  await page.keyboard.type("Read the assembly notice");
  // Select the last word, "notice".
  for (let i = 0; i < "notice".length; i++) await page.keyboard.press("Shift+ArrowLeft");

  const toolbar = page.getByRole("toolbar", { name: "Formatting" });
  await toolbar.getByRole("button", { name: "Link" }).click();
  const dialog = page.getByRole("dialog", { name: "Insert link" });
  const field = dialog.getByLabel("Link address");
  await expect(field).toBeFocused();

  await field.fill("javascript:alert(1)");
  await dialog.getByRole("button", { name: "Apply link" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Links must start with http:// or https://");
  await expect(field).toHaveAttribute("aria-invalid", "true");
  // The editor with its toolbar and the open dialog: no accessibility violations.
  const { violations } = await new AxeBuilder({ page }).include("main").analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);

  await field.fill("kma");
  await field.press("Enter");
  await expect(dialog.getByRole("alert")).toHaveText(
    "This is not a web address. Type one like kma.gov.gh or https://kma.gov.gh/news.",
  );

  await field.fill("kma.gov.gh");
  await dialog.getByRole("button", { name: "Apply link" }).click();
  await expect(dialog).toBeHidden();
  const link = body(page).getByRole("link", { name: "notice" });
  await expect(link).toHaveAttribute("href", "https://kma.gov.gh/");
  await expect(body(page)).toContainText("Read the assembly notice");

  // The link at the cursor opens for editing and can be removed.
  await toolbar.getByRole("button", { name: "Link" }).click();
  const edit = page.getByRole("dialog", { name: "Edit link" });
  await expect(edit.getByLabel("Link address")).toHaveValue("https://kma.gov.gh/");
  await edit.getByRole("button", { name: "Remove link" }).click();
  await expect(body(page).getByRole("link")).toHaveCount(0);
});

test("undo and redo in the toolbar; the toolbar wraps on a 390 px phone with every button in view", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, E2E_ACCOUNTS.writer);
  await page.goto("/admin/articles/add");
  const toolbar = page.getByRole("toolbar", { name: "Formatting" });
  const undo = toolbar.getByRole("button", { name: "Undo" });
  const redo = toolbar.getByRole("button", { name: "Redo" });
  await expect(undo).toBeDisabled();
  await expect(redo).toBeDisabled();

  for (const button of await toolbar.getByRole("button").all()) {
    const box = await button.boundingBox();
    expect(box, await button.innerText()).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  }
  // Icons and words: each button shows its name.
  await expect(toolbar.getByRole("button", { name: "Bold" })).toHaveText("Bold");
  await expect(toolbar.locator("svg").first()).toBeVisible();

  await body(page).click();
  await page.keyboard.type("Words to take back");
  await expect(body(page)).toContainText("Words to take back");
  await undo.click();
  await expect(body(page)).not.toContainText("Words to take back");
  await expect(redo).toBeEnabled();
  await redo.click();
  await expect(body(page)).toContainText("Words to take back");

  await toolbar.getByRole("button", { name: "Bold" }).click();
  await page.keyboard.type(" bold");
  await expect(body(page).locator("strong")).toHaveText("bold");
  await undo.click();
  await expect(body(page).locator("strong")).toHaveCount(0);
});

test("an editor deletes their abandoned autosaved draft from the list, after confirming; a draft with text and a writer's fresh one stay", async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000); // two people, three stories autosaved, a list and a dialog: 27-31 s on a busy machine
  /** Starts a story in `on`'s editor and leaves it once autosaved. */
  const started = async (on: typeof page, title: string, text: string) => {
    await on.goto("/admin/articles/add");
    await on.getByLabel("Title", { exact: true }).fill(title);
    await editorReady(on);
    await body(on).click();
    await on.keyboard.type(text);
    await expect(on.getByText(/^Saved at \d{1,2}:\d{2}/)).toBeVisible({ timeout: 10_000 });
    await expect(on).toHaveURL(/\/admin\/articles\/edit\/[\w-]+$/);
  };
  // A writer a word into a story, still at it: someone else's draft saved within the hour is not offered.
  await signIn(page, E2E_ACCOUNTS.writer);
  const writing = `Still writing ${stamp}`;
  await started(page, writing, "Notes");

  // The editor starts two: one left after its title and a word, one written.
  const editorContext = await browser.newContext();
  const editor = await editorContext.newPage();
  await signIn(editor, E2E_ACCOUNTS.editor);
  const abandoned = `Left unfinished ${stamp}`;
  const written = `Levy story ${stamp}`;
  await started(editor, abandoned, "Notes");
  await started(editor, written, "The assembly cut the market levy by half on Tuesday, traders said.");

  await editor.goto(`/admin/articles?q=${stamp}`);
  const row = (title: string) => editor.getByRole("row").filter({ hasText: title });
  await expect(row(abandoned)).toBeVisible();
  await expect(row(written)).toBeVisible();
  await expect(row(writing)).toBeVisible();

  const notice = editor.getByRole("form", { name: "Empty drafts" });
  await expect(notice).toContainText(/\d+ empty drafts? \(autosaved, never finished\)\./);
  await notice.getByRole("button", { name: /^Delete (them|it)$/ }).click();
  // Asked first; Cancel changes nothing.
  const dialog = editor.getByRole("dialog", { name: "Please confirm" });
  await expect(dialog).toContainText(
    /never published, with no image and at most 5 words\? This cannot be undone\./,
  );
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(row(abandoned)).toBeVisible();

  await notice.getByRole("button", { name: /^Delete (them|it)$/ }).click();
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(editor.getByText(/^Deleted \d+ empty drafts?\.$/)).toBeVisible({ timeout: 10_000 });
  await expect(row(abandoned)).toHaveCount(0);
  await expect(row(written)).toBeVisible();
  await expect(row(writing)).toBeVisible();

  // Gone on the server too: a fresh load lists the written draft and the writer's, not the abandoned one.
  await editor.reload();
  await expect(row(written)).toBeVisible();
  await expect(row(writing)).toBeVisible();
  await expect(row(abandoned)).toHaveCount(0);
  await editorContext.close();
});
