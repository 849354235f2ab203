/**
 * A reader signs in by a mailed link (decision record 021), on the site with SMTP_URL and its mailbox
 * (tests/e2e/mailbox.ts): from the site's "Sign in" link they ask for a link, open it from the mailbox,
 * press its one button and land on their account page, signed in; "Sign out everywhere" signs them out.
 * Signed in, the site's "Sign in" links say "Account" (the reader script, from /account/me.json); signed
 * out, "Sign in" again. The same journey without JavaScript: reader pages are plain forms (decision
 * record 005), and the "Sign in" link leads a signed-in reader to their account.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { latestEmailTo, linkIn, MAIL } from "./mailbox";

async function expectNoSeriousAxe(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

const address = (who: string) => `${who}.${Date.now().toString(36)}@readers.test`;

async function signInByLink(page: Page, email: string) {
  await page.goto("/");
  await page.locator("footer").getByRole("link", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/account\/sign-in\?returnTo=%2Faccount$/);
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  // The footer's newsletter form has an address field too.
  await page.getByRole("main").getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Send me a sign-in link" }).click();
  await expect(page.getByRole("heading", { name: "Check your e-mail" })).toBeVisible();

  const message = await latestEmailTo(email);
  expect(message.subject).toContain("Your sign-in link");
  const link = linkIn(message, "/account/verify");
  // Opening the link (as a link preview would) signs nobody in: only its button does.
  await page.goto(link);
  expect((await page.context().cookies()).map((c) => c.name)).not.toContain("nd_member");
  await page.goto(link);
  await page.getByRole("button", { name: `Sign in as ${email}` }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole("heading", { name: "Your account" })).toBeVisible();
  await expect(page.getByText(email, { exact: true })).toBeVisible();
  const cookies = (await page.context().cookies()).map((c) => c.name);
  expect(cookies).toContain("nd_member");
  expect(cookies).not.toContain("nd_session");
}

/** The header's account link on the home page, as the reader sees it. */
async function headerAccountLink(page: Page, name: "Account" | "Sign in") {
  await page.goto("/");
  const link = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name, exact: true });
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute("href", "/account");
  return link;
}

async function signOutEverywhere(page: Page) {
  // A reader's cookie is no way into the back office.
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.goto("/account");
  await page.getByRole("button", { name: "Sign out everywhere" }).click();
  await expect(page.getByText("You are signed out on every browser.")).toBeVisible();
  await page.goto("/account");
  await expect(page).toHaveURL(/\/account\/sign-in\?returnTo=%2Faccount$/);
}

test("a reader asks for a link, opens it from the mailbox, presses its button and signs out everywhere", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signInByLink(page, address("ama"));
  await expectNoSeriousAxe(page);
  await page.getByLabel("Your name").fill("Ama Mensah");
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(page.getByText("Your name is saved.")).toBeVisible();
  await expect(page.getByLabel("Your name")).toHaveValue("Ama Mensah");
  await headerAccountLink(page, "Account");
  await expect(page.locator("footer").getByRole("link", { name: "Account", exact: true })).toBeVisible();
  await signOutEverywhere(page);
  await headerAccountLink(page, "Sign in");
  expect((await page.context().cookies()).map((c) => c.name)).not.toContain("nd_member_hint");
});

test("the same journey without JavaScript", async ({ browser }: { browser: Browser }) => {
  test.setTimeout(60_000);
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: MAIL.site });
  const page = await context.newPage();
  try {
    await signInByLink(page, address("kofi"));
    // No script to fill it: the link says "Sign in" and leads a signed-in reader to their account.
    await (await headerAccountLink(page, "Sign in")).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole("heading", { name: "Your account" })).toBeVisible();
    await signOutEverywhere(page);
  } finally {
    await context.close();
  }
});

test("the sign-in page passes the accessibility check; without SMTP_URL it says sign-in is not available", async ({
  page,
}) => {
  await page.goto("/account/sign-in");
  await expect(page.getByRole("button", { name: "Send me a sign-in link" })).toBeVisible();
  await expectNoSeriousAxe(page);

  const mainSite = `http://127.0.0.1:${MAIL.sitePort - 1}`;
  await page.goto(`${mainSite}/account`);
  await expect(page).toHaveURL(/\/account\/sign-in\?returnTo=%2Faccount$/);
  await expect(page.getByText("Sign-in by e-mail is not available on this site.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Send me a sign-in link" })).toHaveCount(0);
});
