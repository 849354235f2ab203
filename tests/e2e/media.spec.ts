import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { E2E_ACCOUNTS } from "./accounts";
import { signIn } from "./helpers";

/**
 * The media library: an admin uploads a real image and deletes it through the dialog; without
 * JavaScript, an upload by URL and a delete that the server asks about first.
 */

/** A real photo-sized PNG, made here, so the server checks real content and makes its WebP copies. */
const photo = () =>
  sharp({ create: { width: 640, height: 400, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .png()
    .toBuffer();

test("an image is uploaded, listed, and deleted after the confirmation dialog", async ({ page }) => {
  await signIn(page, E2E_ACCOUNTS.admin);
  await page.goto("/admin/media");
  const name = `Harbour ${Date.now().toString(36)}`;
  await page.getByLabel("File", { exact: true }).setInputFiles({
    name: "harbour.png",
    mimeType: "image/png",
    buffer: await photo(),
  });
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByText("Media uploaded successfully!")).toBeVisible();
  await expect(
    page
      .getByRole("img", { name })
      .or(page.getByText(name, { exact: true }))
      .first(),
  ).toBeVisible();

  await page.getByRole("button", { name: `Delete ${name}` }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText("Are you sure you want to delete this media?")).toBeVisible();
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Media deleted successfully!")).toBeVisible();
  await expect(page.getByRole("button", { name: `Delete ${name}` })).toHaveCount(0);
});

test("without JavaScript: upload by URL, and a delete that asks first", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await signIn(page, E2E_ACCOUNTS.admin);
  await page.goto("/admin/media");
  const name = `Remote ${Date.now().toString(36)}`;
  await page.getByLabel("From URL").check();
  await page.getByLabel("URL", { exact: true }).fill("https://example.com/photos/remote.jpg");
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByText("Media uploaded successfully!")).toBeVisible();

  await page.getByRole("button", { name: `Delete ${name}` }).click();
  const question = page.getByRole("alertdialog");
  await expect(question.getByText("Are you sure you want to delete this media?")).toBeVisible();
  await expect(page.getByRole("button", { name: `Delete ${name}` })).toBeVisible();
  await question.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Media deleted successfully!")).toBeVisible();
  await expect(page.getByRole("button", { name: `Delete ${name}` })).toHaveCount(0);
  await context.close();
});
