/**
 * Two-factor sign-in in the browser (decision record 010): an editor sets it up in Profile with the key the
 * page shows (the test plays the authenticator app), saves the recovery codes, then signs in with a
 * code; the same code is refused at the next sign-in, and a recovery code gets in instead.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { totpCode, totpStep } from "../support/authenticator";
import { E2E_ACCOUNTS } from "./accounts";
import { signIn } from "./helpers";

const account = E2E_ACCOUNTS.twoFactor;

async function expectNoSeriousAxe(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

async function passwordStep(page: Page) {
  await page.context().clearCookies();
  await page.goto("/admin/login");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/admin\/two-factor$/);
  await expect(page.getByRole("heading", { name: "Two-factor sign-in" })).toBeVisible();
}

async function enterCode(page: Page, code: string) {
  await page.getByLabel("Authentication code").fill(code);
  await page.getByRole("button", { name: "Verify" }).click();
}

test("an editor turns on two-factor sign-in, signs in with a code, and with a recovery code", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, account);
  await page.goto("/admin/profile");
  const section = page.getByRole("region", { name: "Two-Factor Sign-In" });
  await expect(section).toContainText("Off.");
  await section.getByRole("link", { name: "Set up two-factor sign-in" }).click();
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  await expectNoSeriousAxe(page);
  await page.screenshot({ path: "test-results/two-factor/set-up.png", fullPage: true });

  // The authenticator app: the key the page shows, turned into the code of this moment.
  const key = ((await page.locator("main code").textContent()) ?? "").replace(/\s/g, "");
  expect(key).toMatch(/^[A-Z2-7]{32}$/);
  const setupStep = totpStep(new Date());
  await page.getByLabel("Authentication code").fill(totpCode(key, setupStep));
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByText("Two-factor sign-in is on")).toBeVisible();
  const codes = page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
  await expect(codes).toHaveCount(10);
  const recovery = (await codes.first().textContent()) ?? "";
  await page.screenshot({ path: "test-results/two-factor/recovery-codes.png", fullPage: true });

  // Password, then the next code of the app.
  await passwordStep(page);
  await expectNoSeriousAxe(page);
  const nextCode = totpCode(key, setupStep + 1);
  await enterCode(page, nextCode);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  // The same code again: refused; a recovery code gets in.
  await passwordStep(page);
  await enterCode(page, nextCode);
  await expect(
    page.getByText("That code has already been used. Wait for the next code in your app."),
  ).toBeVisible();
  await enterCode(page, recovery);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto("/admin/profile");
  await expect(page.getByRole("region", { name: "Two-Factor Sign-In" })).toContainText("On.");
});
