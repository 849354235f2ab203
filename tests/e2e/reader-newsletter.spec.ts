import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";

/**
 * The newsletter signup as a reader meets it: the footer form of any page, checked in the browser
 * before anything is sent, answered by a toast; the same form without JavaScript answered by the
 * /newsletter page, keeping what was typed. (This server has no SMTP_URL: a signup is confirmed at once.
 * The e-mailed confirmation is followed in server/newsletter.test.ts.)
 */
async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

const footerForm = (page: Page) => page.locator("footer").getByRole("form", { name: "Newsletter signup" });

test("a reader subscribes from the footer of a story: checked first, then thanked, the form cleared", async ({
  page,
}) => {
  await page.goto("/all-articles");
  await page.locator("main article h2 a, main article h3 a").first().click();
  await expect(page).toHaveURL(/\/article\//);
  const form = footerForm(page);
  await form.getByLabel("Email address").fill("abena.footer@example.com");
  await form.getByRole("button", { name: "Subscribe" }).click();
  // Not ticked: the browser says so and sends nothing.
  await expect(page.getByText("Please tick the box to agree to receive the newsletter.")).toBeVisible();
  await expect(form.getByLabel("Email address")).toHaveValue("abena.footer@example.com");

  await form.getByRole("checkbox").check();
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByText("Thank you for subscribing!")).toBeVisible();
  await expect(
    page.getByText("You are on the list: the next newsletter will reach your inbox."),
  ).toBeVisible();
  await expect(form.getByLabel("Email address")).toHaveValue("");
  await expect(form.getByRole("checkbox")).not.toBeChecked();
});

test("without JavaScript the /newsletter page answers, keeping what was typed when it refuses", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/newsletter");
  const form = page.locator("main").getByRole("form", { name: "Newsletter signup" });
  await form.getByLabel("Email address").fill("kojo@");
  await form.getByRole("checkbox").check();
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByRole("alert")).toContainText("Please enter a valid email address.");
  await expect(form.getByLabel("Email address")).toHaveValue("kojo@");
  await expect(form.getByRole("checkbox")).toBeChecked();

  await form.getByLabel("Email address").fill("kojo.nojs@example.com");
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByRole("status")).toContainText("Thank you for subscribing!");
  await context.close();
});

test("the newsletter page and a dead unsubscribe link pass axe on a phone", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto("/newsletter");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Newsletter");
  await expectNoAxeViolations(page);
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(375);

  const dead = await page.goto("/newsletter/unsubscribe?token=not-a-real-token-at-all");
  expect(dead?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Link not valid");
  await expectNoAxeViolations(page);
});
