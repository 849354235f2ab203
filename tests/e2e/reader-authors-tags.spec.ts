/**
 * Readable addresses, author pages and tag pages, as a reader meets them. An editor first writes one story
 * (in its own signed-in context) with her name as byline and a tag the sample stories share; it is dated
 * years back so it sits last in every listing the other reader journeys look at.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { E2E_ACCOUNTS } from "./accounts";
import { signIn } from "./helpers";

const TITLE = "Tamale traders rebuild the central market after the harmattan fire";
const BIO = "Edem covers markets and trade across northern Ghana.";
let storyId = "";
/** The title's slug cut at a word to 60 characters (an autosaved copy may hold it: then with a suffix). */
const STORY_PATH = /\/article\/tamale-traders-rebuild-the-central-market-after-the(-[0-9a-f]{8})?$/;

/** As the other reader journeys check: nothing serious or critical. */
async function expectNoSeriousAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    serious.map((v) => `${page.url()}: ${v.id} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
  ).toEqual([]);
}

test.beforeAll(async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, E2E_ACCOUNTS.editor);
  await page.goto("/admin/profile?edit=1");
  await page.getByLabel("Bio").fill(BIO);
  await page.getByLabel("Photo URL").fill(`${baseURL}/favicon.svg`);
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText(BIO)).toBeVisible();

  await page.goto("/admin/articles/add");
  await page.getByLabel("Title", { exact: true }).fill(TITLE);
  await page.getByRole("textbox", { name: "Content", exact: true }).click();
  await page.keyboard.type("Traders returned to rebuilt stalls on Monday.");
  const tags = page.getByRole("textbox", { name: "Tags", exact: true });
  await tags.fill("accra,");
  await tags.fill("Northern Trade,");
  await page.getByLabel("Use a manual date").check();
  await page.getByLabel("Date", { exact: true }).fill("2020-01-15");
  await page.getByLabel("Status", { exact: true }).selectOption("published");
  await page.getByRole("button", { name: "Create Article" }).click();
  await expect(page.getByText("Article Created!")).toBeVisible();
  storyId = new URL(page.url()).pathname.split("/").pop() ?? "";
  await context.close();
});

// The story goes back to draft: the journeys after this one count the sample stories in home's lists.
test.afterAll(async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, E2E_ACCOUNTS.editor);
  await page.goto(`/admin/articles/edit/${storyId}`);
  await expect(page.getByRole("textbox", { name: "Content", exact: true })).toBeVisible();
  await page.getByLabel("Status", { exact: true }).selectOption("draft");
  await page.getByRole("button", { name: "Update Article" }).click();
  await expect(page.getByText("Article updated successfully!")).toBeVisible();
  await context.close();
  // Readers no longer find it: the next journeys count the sample stories.
  const reader = await browser.newContext({ baseURL });
  expect((await reader.request.get(`/article/${storyId}`, { maxRedirects: 0 })).status()).toBe(404);
  await reader.close();
});

test("an article from home has a readable address; its tag and byline lead to tag and author pages", async ({
  page,
}) => {
  await page.goto("/");
  await page
    .getByRole("region", { name: "Top story" })
    .getByRole("link", { name: "Read Full Article" })
    .click();
  await expect(page).toHaveURL(/\/article\/accra-traders-welcome-new-opening-hours-at-makola-market$/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    "href",
    /\/article\/accra-traders-welcome/,
  );

  await page.getByRole("link", { name: "#accra" }).click();
  await expect(page).toHaveURL(/\/tag\/accra$/);
  await expect(page.getByRole("heading", { level: 1, name: "#accra" })).toBeVisible();
  await expect(page).toHaveTitle(/^accra - /);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/tag\/accra$/);
  await expectNoSeriousAxeViolations(page);

  await page.getByRole("link", { name: TITLE }).click();
  await expect(page).toHaveURL(STORY_PATH);
  await expect(page.getByRole("link", { name: "#Northern Trade" })).toHaveAttribute(
    "href",
    "/tag/northern-trade",
  );
  await expectNoSeriousAxeViolations(page);

  await page.getByRole("link", { name: "Edem Editor" }).first().click();
  await expect(page).toHaveURL(/\/author\/edem-editor$/);
  await expect(page.getByRole("heading", { level: 1, name: "Edem Editor" })).toBeVisible();
  await expect(page.getByText(BIO)).toBeVisible();
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", BIO);
  await expect(page.getByRole("link", { name: TITLE })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});

test("the old /article/<id> address moves for good to the slug; unknown authors and tags are not found", async ({
  request,
}) => {
  const moved = await request.get(`/article/${storyId}`, { maxRedirects: 0 });
  expect(moved.status()).toBe(301);
  expect(moved.headers().location).toMatch(STORY_PATH);
  expect((await request.get("/author/nobody-here")).status()).toBe(404);
  expect((await request.get("/tag/no-such-tag")).status()).toBe(404);
});
