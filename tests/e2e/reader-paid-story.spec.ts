import { expect, test, type Page } from "@playwright/test";
import { E2E_ACCOUNTS } from "./accounts";
import { publishPaidStory, signIn } from "./helpers";

/**
 * A story for paying readers (decision record 021): an editor marks it "Paying readers" and places the
 * preview's cut from the toolbar; an anonymous reader gets the story up to the cut and the offer (sign
 * in, and a pass that says payments are not set up on this server), with and without JavaScript, and
 * never the rest. The story goes back to a draft afterwards: the reader journeys after this one read the
 * sample stories as they were.
 */
const OPENING = "Parliament approved the budget late on Thursday.";
const REST = "The rest of the budget story is for paying readers.";
let storyId = "";
let storyPath = "";

async function unpublish(page: Page) {
  await signIn(page, E2E_ACCOUNTS.editor);
  await page.goto(`/admin/articles/edit/${storyId}`);
  await page.getByLabel("Status", { exact: true }).selectOption("draft");
  await page.getByRole("button", { name: "Update Article", exact: true }).click();
  // Saved once readers no longer find it.
  const baseURL = test.info().project.use.baseURL;
  await expect.poll(async () => (await fetch(`${baseURL}${storyPath}`)).status).toBe(404);
}

test.afterAll(async ({ browser }) => {
  if (!storyId) return;
  const context = await browser.newContext();
  await unpublish(await context.newPage());
  await context.close();
});

test("an anonymous reader of a paid story gets its preview and the offer, with and without JavaScript", async ({
  page,
  browser,
}) => {
  await signIn(page, E2E_ACCOUNTS.editor);
  storyId = await publishPaidStory(page, {
    title: `Budget approved ${Date.now()}`,
    opening: OPENING,
    rest: REST,
  });
  await expect(page.getByLabel("Access", { exact: true })).toHaveValue("paid");

  // Staff read everything.
  await page.goto(`/article/${storyId}`);
  await expect(page.getByText(REST)).toBeVisible();
  const path = new URL(page.url()).pathname;
  storyPath = path;

  for (const javaScriptEnabled of [true, false]) {
    const context = await browser.newContext({ javaScriptEnabled });
    const reader = await context.newPage();
    const response = await reader.goto(path);
    expect(await response!.text()).not.toContain(REST);
    await expect(reader.getByText(OPENING)).toBeVisible();
    const offer = reader.locator("[data-story-offer]");
    await expect(offer.getByRole("heading", { name: "This story is for paying readers" })).toBeVisible();
    await expect(offer.getByRole("link", { name: "Sign in" })).toHaveAttribute(
      "href",
      `/account/sign-in?returnTo=${encodeURIComponent(path)}`,
    );
    await expect(offer.getByText("Payments are not set up on this site yet.")).toBeVisible();
    await context.close();
  }
});
