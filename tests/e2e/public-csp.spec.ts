import { expect, test } from "@playwright/test";
import { E2E_ACCOUNTS } from "./accounts";
import { signIn } from "./helpers";

/**
 * The public site's content security policy (decision record 008): the admins' own snippet runs on reader
 * pages, an injected script does not, and a saved change to the code changes the policy with it.
 */
test("an admin's script snippet runs on reader pages; an injected one does not", async ({
  page,
  browser,
}) => {
  const marker = `nd${Date.now().toString(36)}`;
  await signIn(page, E2E_ACCOUNTS.admin);
  await page.goto("/admin/code");
  await page.getByLabel("Name").fill("CSP check");
  await page.getByLabel("Type").selectOption("script");
  await page.getByLabel("Location").selectOption("body_end");
  await page
    .getByLabel("Code")
    .fill(`<script>document.documentElement.dataset.snippet = "${marker}";</script>`);
  await page.getByRole("button", { name: "Add Snippet" }).click();
  await page.getByRole("button", { name: "Save All Changes" }).click();
  await expect(page.getByText("Snippets saved")).toBeVisible();

  const reader = await browser.newContext();
  const readerPage = await reader.newPage();
  const violations: string[] = [];
  readerPage.on("console", (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  // As stored XSS would leave the page: a script and a handler the admins did not write.
  await readerPage.route("**/contact", async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(
      "</main>",
      '<script>document.documentElement.dataset.injected = "script"</script><img src="/nope.png" onerror="document.documentElement.dataset.injected = \'handler\'"></main>',
    );
    await route.fulfill({ response, body: html });
  });
  const answer = await readerPage.goto("/contact");
  expect(answer?.headers()["content-security-policy"]).toMatch(/script-src 'self' 'sha256-/);
  const html = readerPage.locator("html");
  await expect(html).toHaveAttribute("data-snippet", marker);
  expect(await html.getAttribute("data-injected")).toBeNull();
  expect(violations.length).toBeGreaterThanOrEqual(2);
  // The reader script still works: the contact form is checked in the browser before it is sent.
  await readerPage.getByRole("button", { name: "Send Message" }).click();
  await expect(readerPage.getByText("Please provide name, a valid email, and your message.")).toBeVisible();
  await reader.close();

  await page.getByRole("button", { name: "Remove CSP check" }).click();
  await page.getByRole("button", { name: "Save All Changes" }).click();
  await expect(page.getByText("No unsaved changes.")).toBeVisible();
  const after = await page.request.get("/contact");
  expect(after.headers()["content-security-policy"]).toMatch(
    /(^|, )script-src 'self'; script-src-attr 'none'/,
  );
});
