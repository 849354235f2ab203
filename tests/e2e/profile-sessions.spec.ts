import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { E2E_ACCOUNTS } from "./accounts";
import { signIn } from "./helpers";

const account = E2E_ACCOUNTS.sessions;
const PHONE_UA =
  "Mozilla/5.0 (Linux; Android 14; SM-A155F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

test("Profile lists the browsers signed in; one is signed out, then everywhere else", async ({ browser }) => {
  test.setTimeout(60_000); // three sign-ins, each a deliberately slow password check
  // Three browsers signed in to one account: this laptop, a phone and a tablet.
  const laptop = await browser.newContext();
  const phone = await browser.newContext({ userAgent: PHONE_UA });
  const tablet = await browser.newContext();
  const [laptopPage, phonePage, tabletPage] = await Promise.all([
    laptop.newPage(),
    phone.newPage(),
    tablet.newPage(),
  ]);
  for (const page of [phonePage, tabletPage, laptopPage]) await signIn(page, account);

  await laptopPage.goto("/admin/profile");
  const sessions = laptopPage.getByRole("region", { name: "Active Sessions" });
  await expect(sessions.getByRole("listitem")).toHaveCount(3);
  await expect(sessions.getByRole("listitem").first()).toContainText("This browser");
  await expect(sessions.getByRole("listitem").filter({ hasText: "Chrome on Android" })).toContainText(
    "Last seen Just now",
  );
  await sessions.screenshot({ path: "test-results/profile-sessions/three-browsers.png" });
  const { violations } = await new AxeBuilder({ page: laptopPage }).include("main").analyze();
  expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);

  // Sign the phone out: its next page is the sign-in page, the others stay signed in.
  await sessions
    .getByRole("listitem")
    .filter({ hasText: "Chrome on Android" })
    .getByRole("button", { name: /^Sign out/ })
    .click();
  await expect(laptopPage.getByText("Session signed out")).toBeVisible();
  await expect(sessions.getByRole("listitem")).toHaveCount(2);
  await phonePage.goto("/admin/dashboard");
  await expect(phonePage).toHaveURL(/\/admin\/login/);
  await tabletPage.goto("/admin/dashboard");
  await expect(tabletPage).toHaveURL(/\/admin\/dashboard$/);

  // Everywhere else: the tablet is signed out, this browser is not.
  await sessions.getByRole("button", { name: "Sign out everywhere else" }).click();
  await expect(laptopPage.getByText("1 other session signed out.")).toBeVisible();
  await expect(sessions.getByRole("listitem")).toHaveCount(1);
  await expect(sessions.getByRole("button", { name: "Sign out everywhere else" })).toHaveCount(0);
  await tabletPage.goto("/admin/dashboard");
  await expect(tabletPage).toHaveURL(/\/admin\/login/);
  await laptopPage.goto("/admin/dashboard");
  await expect(laptopPage).toHaveURL(/\/admin\/dashboard$/);

  await Promise.all([laptop.close(), phone.close(), tablet.close()]);
});
