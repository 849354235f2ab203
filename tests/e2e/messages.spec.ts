import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { E2E_ACCOUNTS } from "./accounts";
import { signIn } from "./helpers";

/**
 * The contact inbox: a reader's message from /contact reaches the editors' inbox and bell, opens from
 * both, is marked handled and deleted; a writer neither sees it in the bell nor may open the inbox (403).
 */
test.describe.configure({ mode: "serial" });

const subject = `Flooding on the Ring Road ${Date.now()}`;
const sender = "Kofi Mensah";

async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test("a reader sends a message from /contact", async ({ page }) => {
  await page.goto("/contact");
  const form = page.getByRole("form", { name: "Contact form" });
  await form.getByLabel("Name").fill(sender);
  await form.getByLabel("Email").fill("kofi.mensah@example.com");
  await form.getByLabel("Subject").fill(subject);
  await form.getByLabel("Message").fill("The drains near Kwame Nkrumah Circle overflowed this morning.");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Thank you! We will get back to you soon.")).toBeVisible();
});

test("a writer has no Messages menu, no contact notification and gets 403 at /admin/messages", async ({
  page,
}) => {
  await signIn(page, E2E_ACCOUNTS.writer);
  await expect(
    page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Messages" }),
  ).toHaveCount(0);
  await page.locator("summary[aria-label^='Notifications']").click();
  await expect(page.getByText(`New contact message from ${sender}: ${subject}`)).toHaveCount(0);
  const response = await page.goto("/admin/messages");
  expect(response?.status()).toBe(403);
});

test("an editor finds it in the inbox at phone width, opens it from the bell, marks it handled and deletes it", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, E2E_ACCOUNTS.editor);
  await page.goto("/admin/messages");
  const card = page
    .getByRole("list", { name: "Contact messages" })
    .getByRole("link", { name: new RegExp(subject) });
  await expect(card).toBeVisible();
  await expect(card).toContainText("Unread");
  await expect(card).toContainText(sender);
  // Nothing scrolls sideways on a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page);

  await page.getByLabel("Search messages").fill("ring road");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(card).toBeVisible();

  // The bell's notification leads to the message itself.
  await page.locator("summary[aria-label^='Notifications']").click();
  await page
    .getByRole("button", { name: new RegExp(`^New contact message from ${sender}: ${subject}`) })
    .click();
  await expect(page).toHaveURL(/\/admin\/messages\/[^/]+$/);
  await expect(page.getByRole("heading", { level: 1, name: subject })).toBeVisible();
  await expect(page.getByText("The drains near Kwame Nkrumah Circle overflowed this morning.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Reply by e-mail" })).toHaveAttribute(
    "href",
    `mailto:kofi.mensah@example.com?subject=${encodeURIComponent(`Re: ${subject}`)}`,
  );

  await page.getByRole("button", { name: "Mark handled" }).click();
  await expect(page.getByText("Message marked as handled.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Mark as not handled" })).toBeVisible();
  const messageUrl = page.url();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page);

  await page.getByRole("link", { name: "All messages" }).click();
  await expect(card).toContainText("Handled");

  await page.goto(messageUrl);
  await page.getByRole("button", { name: "Delete" }).click();
  const dialog = page.getByRole("dialog", { name: "Please confirm" });
  await expect(dialog).toContainText("Are you sure you want to delete this message? This cannot be undone.");
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(page).toHaveURL(/\/admin\/messages$/);
  await expect(page.getByText("Message deleted.")).toBeVisible();
  await expect(card).toHaveCount(0);
});
