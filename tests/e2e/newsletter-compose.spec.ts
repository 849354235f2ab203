/**
 * Composing and sending a newsletter issue in the browser (decision record 018), on the site with SMTP_URL
 * and its mailbox: an admin composes an issue from two published stories in an order of their choosing, sees
 * it previewed at desktop and phone widths, sends a test to their own address, which arrives, then sends the
 * issue after confirming and pauses and resumes the send; without script the sending page refreshes itself,
 * and a draft is composed and ordered as a plain form.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { E2E_ACCOUNTS } from "./accounts";
import { signIn } from "./helpers";
import { latestEmailTo, linkIn, MAIL, type Message } from "./mailbox";
import { switchOnTwi } from "./twi-edition";

async function expectNoSeriousAxe(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

const subject = `Week in review ${Date.now().toString(36)}`;

/**
 * Two readers sign up and confirm from their mailbox, as readers do: with the site's send rate at one
 * a minute (playwright.config.ts), a send to them stays under way for a minute, long enough to pause.
 */
async function twoConfirmedReaders(page: Page) {
  for (const n of [1, 2]) {
    const email = `reader-${n}-${Date.now().toString(36)}@example.com`;
    const signup = await page.request.post("/newsletter", { form: { email, consent: "on" } });
    expect(signup.status()).toBe(200);
    await page.goto(linkIn(await latestEmailTo(email), "/newsletter/confirm"));
    await page.getByRole("button", { name: "Confirm subscription" }).click();
    await expect(page.getByRole("heading", { name: /confirmed/i })).toBeVisible();
  }
}

/** Every e-mail to `address` now (none is fine). */
async function emailsTo(address: string): Promise<Message[]> {
  return (await (
    await fetch(`${MAIL.inbox}/messages?to=${encodeURIComponent(address)}`)
  ).json()) as Message[];
}

// First in the file: the site sends one message a minute, so an earlier send would hold this one back.
test("a reader signs up from /tw/newsletter and gets the Twi issue; an English-only reader does not", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await signIn(page, E2E_ACCOUNTS.admin);
  await switchOnTwi(page);
  const suffix = Date.now().toString(36);
  const twiReader = `kwame-${suffix}@example.com`;
  const englishReader = `jane-${suffix}@example.com`;

  const reader = await (await browser.newContext()).newPage();
  await reader.goto("/tw/newsletter");
  const form = reader.locator("main").getByRole("form", { name: "Newsletter signup" });
  // The page's edition ticked, each listed by its own name in its own language.
  await expect(form.getByRole("checkbox", { name: "Twi", exact: true })).toBeChecked();
  await expect(form.getByRole("checkbox", { name: "English", exact: true })).not.toBeChecked();
  await expect(form.locator("label[lang='tw']")).toHaveText("Twi");
  await form.getByLabel("Email address").fill(twiReader);
  await form.locator("input[name='consent']").check();
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(reader.getByText("Thank you for subscribing!")).toBeVisible();
  // The confirmation's links open the Twi pages, where the reader signed up.
  await reader.goto(linkIn(await latestEmailTo(twiReader), "/tw/newsletter/confirm"));
  await expect(reader.locator("html")).toHaveAttribute("lang", "tw");
  await reader.getByRole("button", { name: "Confirm subscription" }).click();
  await expect(reader.getByRole("heading", { name: /confirmed/i })).toBeVisible();
  // The English-only reader signs up from the main edition's footer form (no editions listed there).
  expect(
    (await page.request.post("/newsletter", { form: { email: englishReader, consent: "on" } })).status(),
  ).toBe(200);
  await reader.goto(linkIn(await latestEmailTo(englishReader), "/newsletter/confirm"));
  await reader.getByRole("button", { name: "Confirm subscription" }).click();
  await expect(reader.getByRole("heading", { name: /confirmed/i })).toBeVisible();
  await reader.context().close();

  const twiSubject = `Nsɛm a ɛsisii nnɛ ${suffix}`;
  await page.goto("/admin/newsletter/new");
  await page.getByLabel("Subject").fill(twiSubject);
  await page.getByLabel("Edition", { exact: true }).selectOption("tw");
  await page
    .getByRole("list", { name: "Stories" })
    .getByRole("listitem")
    .nth(0)
    .getByRole("checkbox")
    .check();
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("heading", { name: twiSubject })).toBeVisible();
  await page.getByRole("button", { name: "Send now" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Confirm" });
  // Only the Twi edition's confirmed subscribers: the reader above (and, on a retry, the first try's).
  await expect(confirm).toContainText(
    `Send this issue now to ${test.info().retry + 1} confirmed subscribers`,
  );
  await confirm.getByRole("button", { name: "Confirm" }).click();

  const issue = await latestEmailTo(twiReader, 2);
  expect(issue.subject).toBe(twiSubject);
  // Leaving from the Twi issue: its unsubscribe link, and its one-click address opened in a browser
  // (RFC 8058's address, which a mail client POSTs to), both open the Twi unsubscribe page.
  const unsubscribe = linkIn(issue, "/tw/newsletter/unsubscribe");
  const token = new URL(unsubscribe, MAIL.site).searchParams.get("token") ?? "";
  const leaving = await (await browser.newContext()).newPage();
  await leaving.goto(`/newsletter/one-click?token=${encodeURIComponent(token)}&edition=tw`);
  await expect(leaving).toHaveURL(/\/tw\/newsletter\/unsubscribe\?token=/);
  await expect(leaving.locator("html")).toHaveAttribute("lang", "tw");
  await leaving.goto(unsubscribe);
  await expect(leaving.locator("html")).toHaveAttribute("lang", "tw");
  await expect(leaving.getByText(twiReader)).toBeVisible();
  await leaving.context().close();
  // The send had the Twi readers alone: the English-only reader, confirmed before it, got nothing.
  await expect(page.getByRole("heading", { name: "Progress" })).toBeVisible();
  expect((await emailsTo(englishReader)).map((m) => m.subject)).not.toContain(twiSubject);
});

test("an admin composes an issue, previews it, tests it to themselves, sends it and pauses it", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await twoConfirmedReaders(page);
  await signIn(page, E2E_ACCOUNTS.admin);
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Newsletter" }).click();
  await expect(page.getByRole("heading", { name: "Newsletter" })).toBeVisible();
  await page.getByRole("link", { name: "New issue" }).click();

  // Saving without a subject keeps the page and what was typed.
  await page.getByLabel("Introduction").fill("Good morning.");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByText("Please enter a subject.")).toBeVisible();
  await expect(page.getByLabel("Introduction")).toHaveValue("Good morning.");
  // Checked here, on the form with its error: axe cannot run inside the preview's sandboxed frames (no
  // script may run there, which is the point), and the mail itself is checked by newsletter-mail.spec.ts.
  await expectNoSeriousAxe(page);

  const stories = page.getByRole("list", { name: "Stories" }).getByRole("listitem");
  const first = (await stories.nth(0).getByRole("checkbox").getAttribute("value"))!;
  // The label is the title, then its date.
  const firstTitle = await stories
    .nth(0)
    .locator("label")
    .evaluate((label) => label.childNodes[0]?.textContent?.trim() ?? "");
  await page.getByLabel("Subject").fill(subject);
  await stories.nth(0).getByRole("checkbox").check();
  await stories.nth(1).getByRole("checkbox").check();
  await stories.nth(0).getByRole("spinbutton").fill("2");
  await stories.nth(1).getByRole("spinbutton").fill("1");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("heading", { name: subject })).toBeVisible();
  // The chosen stories come first, in the numbered order: the first of the list is now second.
  await expect(stories.nth(1).getByRole("checkbox")).toHaveAttribute("value", first);

  for (const [name, width] of [
    ["Preview: Desktop (640 px)", 640],
    ["Preview: Phone (375 px)", 375],
  ] as const) {
    const frame = page.getByTitle(name);
    await expect(frame).toHaveAttribute("width", String(width));
    await expect(page.frameLocator(`iframe[title="${name}"]`).getByText(firstTitle).first()).toBeVisible();
  }

  await page.getByRole("button", { name: "Send a test to myself" }).click();
  await expect(page.getByText(`The issue was sent to ${E2E_ACCOUNTS.admin.email}.`).first()).toBeVisible();
  const testMail = await latestEmailTo(E2E_ACCOUNTS.admin.email);
  expect(testMail.subject).toBe(`[Test] ${subject}`);
  expect(testMail.text).toContain(firstTitle);

  await page.getByRole("button", { name: "Send now" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Confirm" });
  await expect(confirm).toContainText("Send this issue now to");
  await confirm.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("heading", { name: "Progress" })).toBeVisible();
  await page.getByRole("button", { name: "Pause" }).click();
  await expect(page.getByRole("button", { name: "Resume" })).toBeVisible();
  await page.getByRole("button", { name: "Resume" }).click();
  await expect(page.getByRole("button", { name: "Pause" })).toBeVisible();

  // Without script the page of a sending issue refreshes itself, so its figures still move.
  const issueUrl = page.url();
  const noScript = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const plain = await noScript.newPage();
  await plain.goto(issueUrl);
  await expect(plain.locator('meta[http-equiv="refresh"]')).toHaveAttribute("content", "4");
  await noScript.close();

  await page.getByRole("link", { name: "← Newsletter" }).click();
  await expect(page.getByRole("list", { name: "Issues" }).getByRole("link", { name: subject })).toBeVisible();
});

test("without script, an issue is composed and ordered as a plain form", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await signIn(page, E2E_ACCOUNTS.admin);
  await page.goto("/admin/newsletter/new");
  const stories = page.getByRole("list", { name: "Stories" }).getByRole("listitem");
  const ids = await Promise.all(
    [0, 1, 2].map(async (n) => (await stories.nth(n).getByRole("checkbox").getAttribute("value"))!),
  );
  await page.getByLabel("Subject").fill(`Plain ${subject}`);
  for (const [n, position] of [
    [0, "3"],
    [1, "1"],
    [2, "2"],
  ] as const) {
    await stories.nth(n).getByRole("checkbox").check();
    await stories.nth(n).getByRole("spinbutton").fill(position);
  }
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("heading", { name: `Plain ${subject}` })).toBeVisible();
  await expect(page.getByText("Draft created")).toBeVisible();
  const order = await stories
    .getByRole("checkbox", { checked: true })
    .evaluateAll((boxes) => boxes.map((box) => (box as HTMLInputElement).value));
  expect(order).toEqual([ids[1], ids[2], ids[0]]);
  await context.close();
});
