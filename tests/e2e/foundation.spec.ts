import { expect, test } from "@playwright/test";
import { E2E_ACCOUNTS } from "./accounts";
import { signIn } from "./helpers";

test("the home page lists the sample articles and an article opens", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("link", { name: /Newsdesk\s*Online/ })).toBeVisible();
  const first = page
    .getByRole("region", { name: "Top story" })
    .getByRole("heading", { name: "Accra traders welcome new opening hours at Makola Market" });
  await expect(first).toBeVisible();
  await first.click();
  await expect(
    page.getByRole("heading", { level: 1, name: "Accra traders welcome new opening hours at Makola Market" }),
  ).toBeVisible();
  await expect(page.getByText("Longer days, safer streets")).toBeVisible();
});

test("a missing article is a 404 page with a way back", async ({ page }) => {
  const response = await page.goto("/article/does-not-exist");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Article not found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to the homepage" })).toBeVisible();
});

test("the admin signs in and reaches the dashboard", async ({ page }) => {
  await signIn(page, E2E_ACCOUNTS.admin);
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  await expect(page.getByText("Welcome back, Administrator!", { exact: false })).toBeVisible();
});

test("the sign-in page names the site and leads back to it", async ({ page }) => {
  await page.goto("/admin/login");
  await expect(page.getByRole("link", { name: "Newsdesk", exact: true })).toHaveAttribute("href", "/");
  await page.getByRole("link", { name: "← Back to Newsdesk" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("region", { name: "Top story" })).toBeVisible();
});

test("sign-in checks the form before sending it", async ({ page }) => {
  await page.goto("/admin/login");
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByLabel("Password").fill("secret123");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("alert")).toHaveText("Please enter a valid email address.");
  await page.getByLabel("Email").fill("someone@example.com");
  await expect(page.getByRole("alert")).toHaveCount(0);
  await page.getByLabel("Password").fill("123");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("alert")).toHaveText("Password must be at least 6 characters long.");
});

test("five wrong passwords lock the form", async ({ page }) => {
  await page.goto("/admin/login");
  for (let attempt = 1; attempt <= 5; attempt++) {
    await page.getByLabel("Email").fill(E2E_ACCOUNTS.locked.email);
    await page.getByLabel("Password").fill(`wrong-password-${attempt}`);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("alert")).toBeVisible();
  }
  await expect(page.getByRole("alert")).toHaveText("Too many login attempts. Please try again later.");
  await expect(page.getByRole("button", { name: "Sign In" })).toBeDisabled();
  await expect(page.getByLabel("Email")).toBeDisabled();

  // The server keeps the lock too: the right password is refused from a fresh page.
  await page.goto("/admin/login");
  await page.getByLabel("Email").fill(E2E_ACCOUNTS.locked.email);
  await page.getByLabel("Password").fill(E2E_ACCOUNTS.locked.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("alert")).toHaveText("Too many login attempts. Please try again later.");
});

test("a writer who opens /admin/users sees Access Denied, and a direct POST gets 403", async ({ page }) => {
  await signIn(page, E2E_ACCOUNTS.writer);
  const response = await page.goto("/admin/users");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
  await expect(page.getByText("You don't have permission to access this page.")).toBeVisible();
  // The writer's menu does not offer Users either.
  await page.goto("/admin/dashboard");
  await expect(
    page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Users" }),
  ).toHaveCount(0);

  const post = await page.request.post("/admin/users", {
    form: { intent: "deactivate", userId: "anything" },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(post.status()).toBe(403);
});

test("signed out, the back office sends you to sign in", async ({ page }) => {
  for (const path of ["/admin", "/admin/dashboard", "/admin/users", "/admin/settings", "/admin/anything"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/admin\/login$/);
  }
});

test("signing out says so and lands on the sign-in page", async ({ page }) => {
  await signIn(page, E2E_ACCOUNTS.editor);
  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(page.getByText("Signed Out!")).toBeVisible();
  await expect(page.getByText("You have been successfully signed out.")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login$/, { timeout: 5_000 });
  await page.goto("/admin/dashboard");
  await expect(page).toHaveURL(/\/admin\/login$/);
});
