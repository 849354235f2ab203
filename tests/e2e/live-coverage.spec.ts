import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { E2E_ACCOUNTS } from "./accounts";
import { signIn } from "./helpers";

/**
 * Live coverage (decision record 016): an editor makes a story live, posts three updates and pins one as a
 * key point. A reader whose page stays open (the reader script polls every 20-30 s) is offered "3 new
 * updates" within 35 s and, on tapping, reads them in order; a reader whose browser runs no script follows
 * the Refresh link and reads them newest first, each with its own anchor; the page describes itself as a
 * LiveBlogPosting.
 */
test.describe.configure({ timeout: 180_000 });

const stamp = Date.now();
const title = `Election night in Accra ${stamp}`;

/** Types an update into the rich editor and posts it, waiting for the form to hold what was typed. */
async function postUpdate(page: Page, heading: string, body: string) {
  await page.getByLabel("Title (optional)").fill(heading);
  const content = page.getByRole("textbox", { name: "Content", exact: true });
  await content.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(body);
  await expect(page.locator('input[type="hidden"][name="content"]')).toHaveValue(`<p>${body}</p>`);
  await page.getByRole("button", { name: "Post update", exact: true }).click();
  await expect(page.getByText("Update posted").first()).toBeVisible();
  await expect(page.getByRole("heading", { name: heading })).toBeVisible();
}

test("an editor runs live coverage; an open page offers the new updates, a reader without JavaScript refreshes", async ({
  browser,
}) => {
  const editor = await browser.newPage();
  await signIn(editor, E2E_ACCOUNTS.editor);
  await editor.goto("/admin/articles/add");
  await editor.getByLabel("Title", { exact: true }).fill(title);
  const body = editor.getByRole("textbox", { name: "Content", exact: true });
  await body.click();
  await editor.keyboard.type("Polling stations across Greater Accra closed at 5 pm.");
  await expect(editor.locator('input[type="hidden"][name="content"]')).toHaveValue(/Polling stations/);
  await editor.getByLabel("Status", { exact: true }).selectOption("published");
  await editor.getByRole("button", { name: "Create Article" }).click();
  await expect(editor.getByText("Article Created!")).toBeVisible();

  await editor.goto(`/admin/articles?q=${encodeURIComponent(title)}`);
  await editor.getByRole("row").filter({ hasText: title }).getByRole("link", { name: "Edit" }).click();
  await editor.getByRole("link", { name: "Live coverage" }).click();
  await editor.getByRole("button", { name: "Start live coverage" }).click();
  await expect(editor.getByText("Live coverage started")).toBeVisible();
  const storyPath = await editor.getByRole("link", { name: "View story" }).getAttribute("href");
  expect(storyPath).toMatch(/^\/article\//);

  // The reader opens the story before any update, in a browser that runs no script.
  const readerContext = await browser.newContext({ javaScriptEnabled: false });
  const reader = await readerContext.newPage();
  await reader.goto(storyPath!);
  const stream = reader.locator("#live-updates");
  await expect(stream.getByRole("heading", { name: "Live updates" })).toBeVisible();
  await expect(stream.getByText("No updates yet. Refresh for the latest.")).toBeVisible();

  // A second reader, whose browser runs the reader script, has the page open too.
  const liveContext = await browser.newContext();
  const liveReader = await liveContext.newPage();
  await liveReader.goto(storyPath!);
  const liveStream = liveReader.locator("#live-updates");
  await expect(liveStream.getByText("No updates yet. Refresh for the latest.")).toBeVisible();

  await postUpdate(editor, "Ablekuma North declared", "The first constituency result is in.");
  await postUpdate(editor, "Turnout at 61 percent", "The Electoral Commission gives turnout so far.");
  await postUpdate(editor, "Ayawaso West declared", "A second result, closer than expected.");
  await editor
    .getByRole("listitem")
    .filter({ has: editor.getByRole("heading", { name: "Ablekuma North declared" }) })
    .getByRole("button", { name: "Pin as key point" })
    .click();
  await expect(editor.getByText("Pinned as a key point")).toBeVisible();

  // The open page offers what is new without moving the text under the reader's thumb.
  const offer = liveStream.getByRole("button", { name: "3 new updates" });
  await expect(offer).toBeVisible({ timeout: 35_000 });
  await expect(liveStream.getByText("No updates yet. Refresh for the latest.")).toBeVisible();
  await offer.click();
  await expect(liveStream.locator("ol article h3")).toHaveText([
    "Ayawaso West declared",
    "Turnout at 61 percent",
    "Ablekuma North declared",
  ]);
  await expect(
    liveReader.locator("#live-updates").getByRole("link", { name: "Ablekuma North declared" }),
  ).toBeVisible();
  await expect(liveReader.getByRole("button", { name: /new update/ })).toBeHidden();
  // The page as it is now (the stream replaced, the alert buttons shown): no accessibility violation at all.
  await expect(liveReader.getByRole("button", { name: "Alert me about this story" })).toBeVisible();
  await expect(liveReader.getByRole("button", { name: "Get breaking news alerts" })).toBeVisible();
  const { violations } = await new AxeBuilder({ page: liveReader }).analyze();
  expect(violations.map((v) => `${v.id} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);

  await stream.getByRole("link", { name: "Refresh" }).click();
  const headings = stream.locator("ol article h3");
  await expect(headings).toHaveText([
    "Ayawaso West declared",
    "Turnout at 61 percent",
    "Ablekuma North declared",
  ]);
  const keyPoint = stream.getByRole("link", { name: "Ablekuma North declared" });
  const anchor = await keyPoint.getAttribute("href");
  expect(anchor).toMatch(/^#update-/);
  await expect(reader.locator(anchor!)).toContainText("The first constituency result is in.");

  const structured = await reader
    .locator('script[type="application/ld+json"]')
    .evaluateAll((scripts) =>
      scripts.map((s) => JSON.parse(s.textContent ?? "{}") as Record<string, unknown>),
    );
  const posting = structured.find((ld) => ld["@type"] === "LiveBlogPosting");
  // What schema.org's LiveBlogPosting and Google's live-blog rich result ask for.
  expect(posting).toMatchObject({
    "@context": "https://schema.org",
    headline: title,
    coverageStartTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
  });
  const blogUpdates = posting!.liveBlogUpdate as Array<Record<string, unknown>>;
  expect(blogUpdates.map((update) => [update["@type"], update.headline])).toEqual([
    ["BlogPosting", "Ayawaso West declared"],
    ["BlogPosting", "Turnout at 61 percent"],
    ["BlogPosting", "Ablekuma North declared"],
  ]);
  for (const update of blogUpdates) {
    expect(update.datePublished).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(update.url).toMatch(new RegExp(`${storyPath}#update-`));
  }

  // Ending the coverage keeps the page and its updates.
  await editor.getByRole("button", { name: "End live coverage" }).click();
  await expect(editor.getByText("Live coverage ended")).toBeVisible();
  await stream.getByRole("link", { name: "Refresh" }).click();
  await expect(stream.getByText("Coverage ended")).toBeVisible();
  await expect(headings).toHaveCount(3);
  await Promise.all([editor.close(), readerContext.close(), liveContext.close()]);
});

/** An editor's new published story with live coverage started; returns the story's address. */
async function startLiveStory(page: Page, storyTitle: string): Promise<string> {
  await page.goto("/admin/articles/add");
  await page.getByLabel("Title", { exact: true }).fill(storyTitle);
  await expect(page.getByRole("toolbar", { name: "Formatting" })).toBeVisible();
  await page.getByRole("textbox", { name: "Content", exact: true }).click();
  await page.keyboard.type("Counting goes on through the night.");
  await expect(page.locator('input[type="hidden"][name="content"]')).toHaveValue(/Counting goes on/);
  await page.getByLabel("Status", { exact: true }).selectOption("published");
  await page.getByRole("button", { name: "Create Article" }).click();
  await expect(page.getByText("Article Created!")).toBeVisible();
  await page.getByRole("link", { name: "Live coverage" }).click();
  await page.getByRole("button", { name: "Start live coverage" }).click();
  await expect(page.getByText("Live coverage started")).toBeVisible();
  const storyPath = await page.getByRole("link", { name: "View story" }).getAttribute("href");
  expect(storyPath).toMatch(/^\/article\//);
  return storyPath!;
}

test("updates typed one after another are posted once each: the composer empties after each post, a refused post keeps the text", async ({
  page,
  request,
}) => {
  await signIn(page, E2E_ACCOUNTS.editor);
  const storyPath = await startLiveStory(page, `Results desk ${stamp}`);
  const composerTitle = page.getByLabel("Title (optional)");
  const composer = page.getByRole("textbox", { name: "Content", exact: true });
  const posted = page.locator('input[type="hidden"][name="content"]');
  const updates = [
    ["Bono East declared", "The regional figures are in."],
    ["Volta turnout at 58 percent", "Lower than four years ago."],
    ["Northern region declared", "The last region to report."],
  ] as const;
  // As an editor types them: into the fields as they are after the last post, nothing selected first.
  for (const [heading, text] of updates) {
    await composerTitle.click();
    await page.keyboard.type(heading);
    await composer.click();
    await page.keyboard.type(text);
    await expect(posted).toHaveValue(/./);
    await page.getByRole("button", { name: "Post update", exact: true }).click();
    await expect(page.getByText("Update posted").first()).toBeVisible();
    await expect(page.getByRole("heading", { name: heading, exact: true })).toBeVisible();
    await expect(composerTitle).toHaveValue("");
    await expect(composer).toHaveText("");
  }
  const list = page.getByRole("listitem");
  for (const [heading, text] of updates) {
    await expect(list.filter({ has: page.getByRole("heading", { name: heading, exact: true }) })).toHaveCount(
      1,
    );
    await expect(list.filter({ hasText: text })).toHaveCount(1);
  }

  // The reader page, its LiveBlogPosting and the updates feed carry each update once, as typed.
  const newestFirst = [...updates].reverse();
  const feed = await (await request.get(`${storyPath}/updates.rss`)).text();
  const items = feed.split("<item>").slice(1);
  expect(items.map((item) => /<title>(.*)<\/title>/.exec(item)?.[1])).toEqual(newestFirst.map(([h]) => h));
  expect(items.map((item) => /<description>(.*)<\/description>/.exec(item)?.[1])).toEqual(
    newestFirst.map(([, text]) => text),
  );
  await page.goto(storyPath);
  const stream = page.locator("#live-updates ol article");
  await expect(stream.locator("h3")).toHaveText(newestFirst.map(([h]) => h));
  await expect(stream.locator(".prose-article")).toHaveText(newestFirst.map(([, text]) => text));
  const posting = (
    await page
      .locator('script[type="application/ld+json"]')
      .evaluateAll((scripts) =>
        scripts.map((s) => JSON.parse(s.textContent ?? "{}") as Record<string, unknown>),
      )
  ).find((ld) => ld["@type"] === "LiveBlogPosting");
  const blogUpdates = posting!.liveBlogUpdate as Array<Record<string, unknown>>;
  expect(blogUpdates.map((update) => [update.headline, update.articleBody])).toEqual(newestFirst);
  await page.goBack();
  await expect(composerTitle).toBeVisible();

  // A refused post (longer than an update may be) keeps the title and the text for the editor to split.
  await composerTitle.click();
  await page.keyboard.type("Full results table");
  await composer.click();
  await page.keyboard.insertText("Seat by seat. ".repeat(7200));
  await expect(posted).toHaveValue(/^<p>Seat by seat/);
  await page.getByRole("button", { name: "Post update", exact: true }).click();
  await expect(page.getByText("This update is too long. Split it into several updates.")).toBeVisible();
  await expect(composerTitle).toHaveValue("Full results table");
  await expect(composer).toContainText("Seat by seat. Seat by seat.");
  await expect(page.getByRole("heading", { name: "Full results table" })).toBeHidden();
});

test("each live update on the reader page has its own WhatsApp and Telegram links, carrying the update's address", async ({
  page,
  browser,
}) => {
  await signIn(page, E2E_ACCOUNTS.editor);
  const storyPath = await startLiveStory(page, `Share desk ${stamp}`);
  await postUpdate(page, "Polls close in Tamale", "Queues remain at several stations.");
  // One without a title: its share text is its opening words.
  const content = page.getByRole("textbox", { name: "Content", exact: true });
  await content.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("Counting has started in Tamale Central.");
  await expect(page.locator('input[type="hidden"][name="content"]')).toHaveValue(/Counting has started/);
  await page.getByLabel("Title (optional)").fill("");
  await page.getByRole("button", { name: "Post update", exact: true }).click();
  await expect(
    page.getByRole("listitem").filter({ hasText: "Counting has started in Tamale Central." }),
  ).toBeVisible();

  const readerContext = await browser.newContext();
  const reader = await readerContext.newPage();
  await reader.goto(storyPath);
  const items = reader.locator("#live-updates ol > li");
  await expect(items).toHaveCount(2);
  // The story's own absolute address (the Site URL setting, when an earlier journey set one).
  const canonical = await reader.locator('link[rel="canonical"]').getAttribute("href");
  expect(canonical).toMatch(new RegExp(`^https?://[^/]+${storyPath}$`));
  for (const [index, shareText] of [
    [0, "Counting has started in Tamale Central."],
    [1, "Polls close in Tamale"],
  ] as const) {
    const item = items.nth(index);
    const own = await item.getByRole("link", { name: "Link to this update" }).getAttribute("href");
    expect(own).toMatch(/^#update-[\w-]+$/);
    await expect(item.locator(own!)).toHaveCount(1);
    const address = `${canonical}${own}`;
    const whatsapp = item.getByRole("link", { name: "Share this update on WhatsApp" });
    const telegram = item.getByRole("link", { name: "Share this update on Telegram" });
    await expect(whatsapp).toHaveAttribute("target", "_blank");
    await expect(telegram).toHaveAttribute("rel", /noopener/);
    const wa = new URL((await whatsapp.getAttribute("href"))!);
    expect(`${wa.origin}${wa.pathname}`).toBe("https://wa.me/");
    expect(wa.searchParams.get("text")).toBe(`${shareText} ${address}`);
    const tg = new URL((await telegram.getAttribute("href"))!);
    expect(`${tg.origin}${tg.pathname}`).toBe("https://t.me/share/url");
    expect(tg.searchParams.get("url")).toBe(address);
    expect(tg.searchParams.get("text")).toBe(shareText);
  }
  await readerContext.close();
});
