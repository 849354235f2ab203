import { expect, type Page } from "@playwright/test";

export async function signIn(page: Page, account: { email: string; password: string }) {
  await page.goto("/admin/login");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

/**
 * From the signed-in staff member's new-article form: a published story for paying readers, its opening
 * and the rest typed as two paragraphs with the preview's cut between them (decision record 021). The
 * story's id.
 */
export async function publishPaidStory(page: Page, story: { title: string; opening: string; rest: string }) {
  await page.goto("/admin/articles/add");
  await page.getByLabel("Title", { exact: true }).fill(story.title);
  const content = page.getByRole("textbox", { name: "Content", exact: true });
  await content.click();
  await page.keyboard.type(story.opening);
  await page.keyboard.press("Enter");
  await page.keyboard.type(story.rest);
  await content.getByText(story.opening).click();
  await page.keyboard.press("End");
  await page.getByRole("button", { name: "Preview ends here" }).click();
  await expect(content.locator("hr[data-preview-cut]")).toHaveCount(1);
  await page.getByLabel("Access", { exact: true }).selectOption("paid");
  await page.getByLabel("Status", { exact: true }).selectOption("published");
  await page.getByRole("button", { name: "Create Article" }).click();
  await expect(page).toHaveURL(/\/admin\/articles\/edit\/[\w-]+$/);
  return page.url().split("/").pop()!;
}
