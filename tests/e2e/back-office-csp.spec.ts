import { expect, test } from "@playwright/test";
import { E2E_ACCOUNTS } from "./accounts";
import { signIn } from "./helpers";

/**
 * The back office's content security policy (decision record 008): a script that reached the page's HTML
 * without the response's nonce (as stored XSS would) does not run, nor does an inline event handler, while
 * the page's own scripts still hydrate it.
 */
test("an injected inline script and handler do not run on /admin; the page still works", async ({ page }) => {
  await signIn(page, E2E_ACCOUNTS.admin);
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  // The document as an attacker's stored payload would leave it: markup inside the body, no nonce.
  await page.route("**/admin/articles", async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(
      "<body",
      '<script>window.__injected = "script"</script><img src="/nope.png" onerror="window.__injected = \'handler\'"><body',
    );
    await route.fulfill({ response, body: html });
  });
  const answer = await page.goto("/admin/articles");
  expect(answer?.headers()["content-security-policy"]).toMatch(
    /script-src 'self' 'nonce-[A-Za-z0-9+/=]{20,}'/,
  );
  await expect(page.getByRole("heading", { name: "Articles", level: 1 })).toBeVisible();
  expect(await page.evaluate(() => (window as { __injected?: string }).__injected)).toBeUndefined();
  expect(violations.length).toBeGreaterThanOrEqual(2);

  // Hydrated: the side menu's client-side navigation works.
  await page.unroute("**/admin/articles");
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Categories" }).click();
  await expect(page.getByRole("heading", { name: "Categories", level: 1 })).toBeVisible();
  expect(await page.evaluate(() => (window as { __injected?: string }).__injected)).toBeUndefined();
});

test("every document gets its own nonce", async ({ page }) => {
  await signIn(page, E2E_ACCOUNTS.editor);
  const nonceOf = async (path: string) =>
    /'nonce-([^']+)'/.exec((await page.goto(path))?.headers()["content-security-policy"] ?? "")?.[1];
  const first = await nonceOf("/admin/dashboard");
  const second = await nonceOf("/admin/dashboard");
  expect(first).toBeTruthy();
  expect(second).toBeTruthy();
  expect(first).not.toBe(second);
});
