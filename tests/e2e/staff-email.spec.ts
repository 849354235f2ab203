/**
 * Staff e-mail in the browser (decision record 010), on the site with SMTP_URL and its mailbox
 * (tests/e2e/mailbox.ts): an admin invites a new writer, who chooses a password from the e-mail and signs
 * in; later the writer forgets it, asks for a link from the sign-in page and sets a new one, once. The
 * main site, which has no SMTP_URL, says e-mail is not configured.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { E2E_ACCOUNTS } from "./accounts";
import { signIn } from "./helpers";
import { latestEmailTo, linkIn, MAIL } from "./mailbox";

const invitee = { name: "Esi Invited", email: `esi.${Date.now().toString(36)}@newsdesk.test` };

async function expectNoSeriousAxe(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

async function choosePassword(page: Page, password: string) {
  await page.getByLabel("New Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm New Password").fill(password);
  await page.getByRole("button", { name: "Set password" }).click();
}

test.describe.configure({ mode: "serial" });

test("an admin invites a writer by e-mail; the writer chooses a password and signs in", async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page, E2E_ACCOUNTS.admin);
  await page.goto("/admin/users/add");
  await expect(page.getByText("Leave empty to e-mail them an invitation")).toBeVisible();
  await page.getByLabel("Name").fill(invitee.name);
  await page.getByLabel("Email").fill(invitee.email);
  await page.getByLabel("Role").selectOption("writer");
  await page.getByRole("button", { name: "Create User" }).click();
  await expect(
    page.getByText(`An invitation has been sent to ${invitee.name} (${invitee.email}).`),
  ).toBeVisible();
  await page.context().clearCookies();

  const invitation = await latestEmailTo(invitee.email);
  expect(invitation.subject).toBe("You are invited to Newsdesk");
  await page.goto(linkIn(invitation, "/admin/set-password"));
  await expect(page.getByRole("heading", { name: "Welcome! Choose your password" })).toBeVisible();
  await expectNoSeriousAxe(page);
  // The browser's own check happens on the server too: a weak password keeps the page, with the message.
  await expect(page.getByText("Only letters, numbers and @ $ ! % * ? & may be used")).toBeVisible();
  await choosePassword(page, "weak");
  await expect(page.getByText("Weak Password")).toBeVisible();
  // A hyphen is not among the allowed characters, and the refusal says so (not just "weak").
  await choosePassword(page, "Passw0rd-Long-123");
  await expect(page.getByText("Weak Password")).toBeVisible();
  await expect(page.getByText("Only letters, numbers and @ $ ! % * ? & may be used.")).toBeVisible();
  await choosePassword(page, "EsiChose2026");
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByText("Password set")).toBeVisible();
  await signIn(page, { email: invitee.email, password: "EsiChose2026" });
});

test("'Forgot password?' mails a link that sets a new password once", async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto("/admin/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page.getByRole("heading", { name: "Reset your password" })).toBeVisible();
  await expectNoSeriousAxe(page);
  await page.getByLabel("Email").fill(invitee.email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("heading", { name: "Check your e-mail" })).toBeVisible();

  const reset = await latestEmailTo(invitee.email, 2);
  expect(reset.subject).toBe("Reset your Newsdesk password");
  const link = linkIn(reset, "/admin/set-password");
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await choosePassword(page, "EsiReset2026");
  await expect(page.getByText("Password set")).toBeVisible();

  // The old password no longer signs in; the new one does.
  await page.getByLabel("Email").fill(invitee.email);
  await page.getByLabel("Password").fill("EsiChose2026");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("alert")).toBeVisible();
  await signIn(page, { email: invitee.email, password: "EsiReset2026" });

  // Used once: the link now says so, with a way to ask again.
  await page.context().clearCookies();
  await page.goto(link);
  await expect(
    page.getByRole("heading", { name: "This link has expired or has already been used." }),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Ask for a new link" })).toBeVisible();
});

test("without SMTP_URL the site says e-mail is not configured", async ({ page }) => {
  const mainSite = `http://127.0.0.1:${MAIL.sitePort - 1}`;
  await page.goto(`${mainSite}/admin/forgot-password`);
  await expect(page.getByText("E-mail is not configured on this site")).toBeVisible();
  await expect(page.getByRole("button", { name: "Send reset link" })).toHaveCount(0);
  await page.goto(`${mainSite}/admin/login`);
  await page.getByLabel("Email").fill(E2E_ACCOUNTS.admin.email);
  await page.getByLabel("Password").fill(E2E_ACCOUNTS.admin.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto(`${mainSite}/admin/users/add`);
  await expect(
    page.getByText("At least 6 characters with at least one letter and one number."),
  ).toBeVisible();
  await expect(page.getByText("Leave empty to e-mail them an invitation")).toHaveCount(0);
});
