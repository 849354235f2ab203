import { expect, test, type Browser, type Page } from "@playwright/test";
import { E2E_ACCOUNTS } from "./accounts";
import { signIn } from "./helpers";

/** Fresh accounts per run: the shared accounts are never deactivated or given a new password here. */
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function createUserAsAdmin(
  page: Page,
  user: { name: string; email: string; password: string; role: string },
) {
  await page.goto("/admin/users/add");
  await page.getByLabel("Name").fill(user.name);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByLabel("Role").selectOption(user.role);
  await page.getByRole("button", { name: "Create User" }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByText("User Created!")).toBeVisible();
}

async function newSignedInPage(browser: Browser, account: { email: string; password: string }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, account);
  return page;
}

test("admin creates a writer, the writer sees the writer dashboard, and is locked out once deactivated", async ({
  page,
  browser,
}) => {
  const writer = {
    name: "Akua Writer",
    email: `akua.${unique()}@newsdesk.test`,
    password: "Akua12345",
    role: "writer",
  };
  await signIn(page, E2E_ACCOUNTS.admin);
  await createUserAsAdmin(page, writer);
  await expect(page.getByRole("cell", { name: new RegExp(writer.email) })).toBeVisible();

  const writerPage = await newSignedInPage(browser, writer);
  await expect(writerPage.getByRole("heading", { name: "Welcome back, Akua Writer!" })).toBeVisible();
  for (const label of ["Write Article", "My Articles", "Upload Media"]) {
    await expect(writerPage.getByRole("link", { name: label, exact: true }).first()).toBeVisible();
  }
  await expect(writerPage.getByRole("link", { name: "Manage Users" })).toHaveCount(0);
  await expect(
    writerPage.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Users" }),
  ).toHaveCount(0);
  await expect(writerPage.getByTestId("stat-total")).toHaveText("0");

  // The admin deactivates the writer, confirming in the dialog.
  await page.getByRole("button", { name: `Deactivate ${writer.name}` }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Deactivate" }).click();
  await expect(page.getByText("User deactivated successfully!")).toBeVisible();

  await writerPage.reload();
  await expect(writerPage.getByRole("heading", { name: "Account Disabled" })).toBeVisible();
  await expect(
    writerPage.getByText("Your account has been disabled. Please contact the administrator."),
  ).toBeVisible();
  await writerPage.context().close();
});

test("add user: problems show beside the fields and what was typed stays", async ({ page }) => {
  await signIn(page, E2E_ACCOUNTS.admin);
  await page.goto("/admin/users/add");
  await page.getByLabel("Name").fill("K");
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByLabel("Password").fill("abcdef");
  await page.getByRole("button", { name: "Create User" }).click();
  await expect(page.getByText("Name must be at least 2 characters long.")).toBeVisible();
  await expect(page.getByText("Please enter a valid email address.")).toBeVisible();
  await expect(
    page.getByText("Password must be at least 6 characters with at least one letter and one number."),
  ).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue("not-an-email");

  // The server's answer: an address that is already registered.
  await page.getByLabel("Name").fill("Someone Else");
  await page.getByLabel("Email").fill(E2E_ACCOUNTS.editor.email);
  await page.getByLabel("Password").fill("Valid1234");
  await page.getByRole("button", { name: "Create User" }).click();
  await expect(page.getByText("Email Already Exists")).toBeVisible();
  await expect(
    page.getByText("This email address is already registered. Please use a different email."),
  ).toBeVisible();
  await expect(page.getByLabel("Name")).toHaveValue("Someone Else");
});

test("a notification is clicked, marked read, and the badge drops", async ({ page }) => {
  await signIn(page, E2E_ACCOUNTS.admin);
  const name = `Notified ${unique()}`;
  await createUserAsAdmin(page, {
    name,
    email: `n.${unique()}@newsdesk.test`,
    password: "Notify123",
    role: "writer",
  });
  const badge = page.getByTestId("unread-badge");
  await expect(badge).toBeVisible();
  const before = Number(await badge.textContent());
  expect(before).toBeGreaterThan(0);

  await page.getByLabel(/^Notifications/).click();
  await page.getByRole("button", { name: new RegExp(`^New user: ${name}`) }).click();
  await expect(page).toHaveURL(/\/admin\/users\/edit\//);
  await expect(page.getByRole("heading", { name: "Edit User" })).toBeVisible();
  if (before === 1) await expect(badge).toHaveCount(0);
  else await expect(badge).toHaveText(String(before - 1));

  // Mark all read clears the badge.
  if (before > 1) {
    await page.getByLabel(/^Notifications/).click();
    await page.getByRole("button", { name: "Mark all as read" }).click();
    await expect(badge).toHaveCount(0);
  }
});

test("profile edit and password change", async ({ page, browser }) => {
  const user = {
    name: "Yaw Profile",
    email: `yaw.${unique()}@newsdesk.test`,
    password: "YawPass123",
    role: "editor",
  };
  await signIn(page, E2E_ACCOUNTS.admin);
  await createUserAsAdmin(page, user);

  const me = await newSignedInPage(browser, user);
  await me.getByText(user.name, { exact: true }).click();
  await me.getByRole("link", { name: "Your Profile" }).click();
  await expect(me).toHaveURL(/\/admin\/profile$/);
  await expect(me.getByText("Email cannot be changed")).toBeVisible();
  await me.getByRole("link", { name: "Edit" }).click();
  await me.getByLabel("Full Name").fill("");
  await me.getByRole("button", { name: "Save Changes" }).click();
  await expect(me.getByText("Missing Name")).toBeVisible();
  await me.getByLabel("Full Name").fill("Yaw Mensah");
  await me.getByLabel("Location").fill("Kumasi");
  await me.getByLabel("Website").fill("https://yaw.example.com");
  await me.getByRole("button", { name: "Save Changes" }).click();
  await expect(me.getByText("Profile updated successfully!")).toBeVisible();
  await expect(me.getByRole("link", { name: "Edit" })).toBeVisible();
  await expect(me.getByText("Kumasi")).toBeVisible();
  await expect(me.getByRole("banner").getByText("Yaw Mensah")).toBeVisible();

  await me.getByLabel("Current Password").fill("WrongPass1");
  await me.getByLabel("New Password", { exact: true }).fill("NewYaw4567");
  await me.getByLabel("Confirm New Password").fill("NewYaw4567");
  await me.getByRole("button", { name: "Change Password" }).click();
  await expect(me.getByText("Current password is incorrect.")).toBeVisible();
  await me.getByLabel("Current Password").fill(user.password);
  await me.getByLabel("New Password", { exact: true }).fill("NewYaw4567");
  await me.getByLabel("Confirm New Password").fill("NewYaw4567");
  await me.getByRole("button", { name: "Change Password" }).click();
  await expect(me.getByText("Password changed successfully!")).toBeVisible();
  // This browser stays signed in; the new password works for the next sign-in.
  await me.goto("/admin/dashboard");
  await expect(me.getByRole("heading", { name: "Welcome back, Yaw Mensah!" })).toBeVisible();
  await me.context().close();
  const again = await newSignedInPage(browser, { email: user.email, password: "NewYaw4567" });
  await again.context().close();
});

test("on a phone the side menu collapses behind a button", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signIn(page, E2E_ACCOUNTS.editor);
  const nav = page.getByRole("navigation", { name: "Admin" });
  await expect(nav).toHaveCount(0);
  await page.locator("summary").filter({ hasText: "Menu" }).click();
  await expect(nav.getByRole("link", { name: "Comments" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Users" })).toHaveCount(0);
  await nav.getByRole("link", { name: "Categories" }).click();
  await expect(page).toHaveURL(/\/admin\/categories/);
  await context.close();
});

test("without JavaScript: the add-user form answers beside its fields and the bell still works", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/admin/login");
  await page.getByLabel("Email").fill(E2E_ACCOUNTS.admin.email);
  await page.getByLabel("Password").fill(E2E_ACCOUNTS.admin.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  await page.goto("/admin/users/add");
  await page.getByLabel("Name").fill("No Script");
  await page.getByLabel("Email").fill("bad-address");
  await page.getByRole("button", { name: "Create User" }).click();
  await expect(page.getByText("Invalid Email")).toBeVisible();
  await expect(page.getByText("Missing Password")).toBeVisible();
  await expect(page.getByLabel("Name")).toHaveValue("No Script");
  const email = `noscript.${unique()}@newsdesk.test`;
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("NoScript1");
  await page.getByRole("button", { name: "Create User" }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  // The server renders the toast too, so it shows without JavaScript.
  await expect(page.getByRole("status").filter({ hasText: "User Created!" })).toBeVisible();
  await expect(page.getByText(email, { exact: true })).toBeVisible();

  await page.getByLabel(/^Notifications/).click();
  await page
    .getByRole("button", { name: /^New user: No Script/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/admin\/users\/edit\//);
  await context.close();
});
