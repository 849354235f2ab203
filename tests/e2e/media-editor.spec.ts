import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Locator, type Page } from "@playwright/test";
import sharp from "sharp";
import { E2E_ACCOUNTS } from "./accounts";
import { signIn } from "./helpers";

/**
 * Images in the article editor: an editor uploads a JPEG as the featured image from
 * the editor, inserts a second image from the library into the body with a caption, publishes, and the
 * article page shows both, with the captions. A PNG renamed .jpg, a 33 MB file and an upload after the
 * session is gone each show the spec's text.
 */

/** A real image, made here, so the server checks real content and makes its WebP copies. */
const picture = (format: "jpeg" | "png", colour: { r: number; g: number; b: number }) =>
  sharp({ create: { width: 1000, height: 640, channels: 3, background: colour } })
    .toFormat(format)
    .toBuffer();

const stamp = Date.now().toString(36);

async function openFeaturedDialog(page: Page) {
  await page.getByRole("button", { name: "Upload or choose image" }).click();
  const dialog = page.getByRole("dialog", { name: "Featured image" });
  await expect(dialog).toBeVisible();
  return dialog;
}

test("an editor uploads a featured image and inserts a library image with a caption; the article shows both", async ({
  page,
}) => {
  await signIn(page, E2E_ACCOUNTS.editor);

  // The second image is already in the library.
  const libraryName = `Makola ${stamp}`;
  await page.goto("/admin/media");
  await page.getByLabel("File", { exact: true }).setInputFiles({
    name: "makola.png",
    mimeType: "image/png",
    buffer: await picture("png", { r: 30, g: 140, b: 60 }),
  });
  await page.getByLabel("Name", { exact: true }).fill(libraryName);
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByText("Media uploaded successfully!")).toBeVisible();

  const title = `Coastal markets ${stamp}`;
  await page.goto("/admin/articles/add");
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByRole("textbox", { name: "Content", exact: true }).click();
  await page.keyboard.type("Traders open before dawn along the coast.");

  // Featured image: uploaded from the editor, with alt text, caption and credit.
  const featured = await openFeaturedDialog(page);
  await featured.getByLabel("Image file").setInputFiles({
    name: "harbour-dawn.jpg",
    mimeType: "image/jpeg",
    buffer: await picture("jpeg", { r: 200, g: 120, b: 40 }),
  });
  await featured.getByLabel("Alt text").fill("Fishing boats in the harbour at dawn");
  await featured.getByLabel("Caption").fill("Boats return to Jamestown");
  await featured.getByLabel("Credit").fill("Ama Mensah");
  await featured.getByRole("button", { name: "Use image" }).click();
  await expect(page.getByText("Image Uploaded!")).toBeVisible();
  await expect(featured).toBeHidden();
  // The upload's path, not this address's: the site may move (PUBLIC_URL, Site URL).
  await expect(page.getByLabel("Featured image URL", { exact: true })).toHaveValue(
    /^\/media\/[0-9a-f]{24}\.jpg$/,
  );

  // Body image: picked from the library (searched), with a caption and a credit.
  await page.getByRole("textbox", { name: "Content", exact: true }).click();
  await page.keyboard.press("End");
  await page
    .getByRole("toolbar", { name: "Formatting" })
    .getByRole("button", { name: "Image", exact: true })
    .click();
  const body = page.getByRole("dialog", { name: "Insert image" });
  await body.getByRole("button", { name: "Media library" }).click();
  await body.getByLabel("Search the library").fill(libraryName);
  const tile = body.getByRole("button", { name: libraryName });
  await expect(tile).toBeVisible();
  await expect(tile.locator("img")).toHaveAttribute("src", /\/media\/[0-9a-f]{24}-400\.webp$/);
  await tile.click();
  await body.getByLabel("Alt text").fill("Stalls of fresh produce at Makola market");
  await body.getByLabel("Caption").fill("Makola market at noon");
  await body.getByLabel("Credit").fill("Kofi Boateng");
  await body.getByRole("button", { name: "Insert image" }).click();
  await expect(page.getByText("Image Added!")).toBeVisible();
  await expect(
    page.getByRole("textbox", { name: "Content", exact: true }).locator("figure figcaption"),
  ).toHaveText("Makola market at noon — Kofi Boateng");

  await page.getByLabel("Status", { exact: true }).selectOption("published");
  await page.getByRole("button", { name: "Create Article" }).click();
  await expect(page.getByText("Article Created!")).toBeVisible();
  // Saving keeps the editor open on the story's edit screen, with a link to the published story.
  await expect(page).toHaveURL(/\/admin\/articles\/edit\/[^/]+$/);
  const articlePath = new URL(page.url()).pathname.replace("/admin/articles/edit/", "/article/");
  expect(articlePath).toMatch(/^\/article\/.+/);

  await page.goto(articlePath);
  const article = page.locator("article");
  const lead = article.getByRole("img", { name: "Fishing boats in the harbour at dawn" });
  await expect(lead).toBeVisible();
  await expect(lead).toHaveAttribute("src", /\/media\/[0-9a-f]{24}-\d+\.webp$/);
  await expect(article.getByText("Boats return to Jamestown — Ama Mensah")).toBeVisible();
  const inBody = article.locator(".prose-article figure");
  await expect(inBody.getByRole("img", { name: "Stalls of fresh produce at Makola market" })).toHaveAttribute(
    "src",
    /\/media\/[0-9a-f]{24}-\d+\.webp$/,
  );
  await expect(inBody.locator("figcaption")).toHaveText("Makola market at noon — Kofi Boateng");
  // Both images really load.
  for (const image of [lead, inBody.locator("img")]) {
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() =>
        image.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth),
      )
      .toBeGreaterThan(0);
  }
});

/** Sets Settings → General → Site URL as an admin does when the site moves to its own address. */
async function setSiteUrl(page: Page, url: string) {
  await page.goto("/admin/settings");
  const field = page.getByLabel("Site URL", { exact: true });
  if ((await field.inputValue()) === url) return;
  await field.fill(url);
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(page.getByText("Settings saved successfully!")).toBeVisible();
}

test("a photo chosen before the site had its address is shared with the address it has now", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, E2E_ACCOUNTS.admin);
  // The site runs at this machine's address, as before PUBLIC_URL or a Site URL is set.
  await setSiteUrl(page, "");
  const title = `Harbour before the move ${stamp}`;
  await page.goto("/admin/articles/add");
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByRole("textbox", { name: "Content", exact: true }).click();
  await page.keyboard.type("The boats came in before the site had its own address.");
  const featured = await openFeaturedDialog(page);
  await featured.getByLabel("Image file").setInputFiles({
    name: "harbour-move.jpg",
    mimeType: "image/jpeg",
    buffer: await picture("jpeg", { r: 20, g: 90, b: 160 }),
  });
  await featured.getByLabel("Alt text").fill("Boats at the harbour wall");
  await featured.getByRole("button", { name: "Use image" }).click();
  await expect(page.getByText("Image Uploaded!")).toBeVisible();
  await page.getByLabel("Status", { exact: true }).selectOption("published");
  await page.getByRole("button", { name: "Create Article" }).click();
  await expect(page.getByText("Article Created!")).toBeVisible();
  const articlePath = new URL(page.url()).pathname.replace("/admin/articles/edit/", "/article/");

  // The move: the site gets its public address.
  await setSiteUrl(page, "https://news.example.test");
  try {
    const reader = await browser.newPage();
    await reader.goto(articlePath);
    await expect(reader.getByRole("heading", { level: 1 })).toHaveText(title);
    // What search engines and link previews read: every photo address is the site's current one.
    const images = await reader.locator('script[type="application/ld+json"]').evaluateAll((scripts) =>
      scripts.flatMap((script) => {
        const data = JSON.parse(script.textContent ?? "{}") as { "@graph"?: object[] };
        return (data["@graph"] ?? [data]).flatMap((item) => {
          const image = (item as { image?: string | string[] }).image;
          return image === undefined ? [] : Array.isArray(image) ? image : [image];
        });
      }),
    );
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) expect(image).toMatch(/^https:\/\/news\.example\.test\/media\/[0-9a-f]{24}/);
    await expect(reader.locator('meta[property="og:image"]')).toHaveAttribute(
      "content",
      /^https:\/\/news\.example\.test\/media\/[0-9a-f]{24}/,
    );
    // The page itself shows the photo from this site, wherever it runs.
    const lead = reader.locator("article").getByRole("img", { name: "Boats at the harbour wall" });
    await expect(lead).toHaveAttribute("src", /^\/media\/[0-9a-f]{24}-\d+\.webp$/);
    await reader.close();
  } finally {
    await setSiteUrl(page, "");
    await context.close();
  }
});

test("a PNG renamed .jpg, a 33 MB file and an upload after signing out each get the spec's text", async ({
  page,
  context,
}) => {
  test.setTimeout(60_000); // a 33 MB upload refused, three dialogs: 34-36 s on a busy machine
  // On a phone: the dialog fits the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, E2E_ACCOUNTS.editor);
  await page.goto("/admin/articles/add");
  const dialog = await openFeaturedDialog(page);
  const box = await dialog.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  const file = dialog.getByLabel("Image file");

  await file.setInputFiles({
    name: "disguised.jpg",
    mimeType: "image/jpeg",
    buffer: await picture("png", { r: 10, g: 10, b: 200 }),
  });
  await dialog.getByRole("button", { name: "Use image" }).click();
  await expect(page.getByText("Invalid File Type", { exact: true })).toBeVisible();
  await expect(page.getByText("Please select an image file (JPEG, PNG, GIF, etc.)")).toBeVisible();

  const huge = Buffer.alloc(33 * 1024 * 1024);
  huge.set([0xff, 0xd8, 0xff, 0xe0]);
  await file.setInputFiles({ name: "huge.jpg", mimeType: "image/jpeg", buffer: huge });
  await expect(page.getByText("File Too Large", { exact: true })).toBeVisible();
  await expect(
    page.getByText("Image size must be less than 32MB. Please select a smaller image or compress it."),
  ).toBeVisible();

  await context.clearCookies();
  await file.setInputFiles({
    name: "harbour.jpg",
    mimeType: "image/jpeg",
    buffer: await picture("jpeg", { r: 90, g: 90, b: 90 }),
  });
  await dialog.getByRole("button", { name: "Use image" }).click();
  await expect(page.getByText("Authentication Required", { exact: true })).toBeVisible();
  await expect(page.getByText("Please log in again to upload images.")).toBeVisible();
  await expect(page.getByLabel("Featured image URL", { exact: true })).toHaveValue("");
});

/** Scrolled to, the control is wholly on screen: nothing hides it sideways. */
async function reachable(control: Locator) {
  await control.scrollIntoViewIfNeeded();
  await expect(control).toBeInViewport({ ratio: 1 });
}

/** No sideways scrolling, and no serious accessibility violation. */
async function fitsThePhone(page: Page, label: string) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${label}: sideways overflow in px`).toBeLessThanOrEqual(0);
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    serious.map((v) => `${label}: ${v.id} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
  ).toEqual([]);
}

test("on a phone (390x844) the media screens fit, and an item's details are edited with copy URL", async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, E2E_ACCOUNTS.editor);

  const name = `Phone item ${stamp}`;
  await page.goto("/admin/media");
  await page.getByLabel("File", { exact: true }).setInputFiles({
    name: "phone.jpg",
    mimeType: "image/jpeg",
    buffer: await picture("jpeg", { r: 120, g: 60, b: 160 }),
  });
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByText("Media uploaded successfully!")).toBeVisible();
  await page.screenshot({ path: "test-results/media-phone-grid.png", fullPage: true });
  await fitsThePhone(page, "grid");
  await reachable(page.getByRole("link", { name: `Details of ${name}` }));

  await page.goto("/admin/media?view=list");
  await page.screenshot({ path: "test-results/media-phone-list.png", fullPage: true });
  await fitsThePhone(page, "list");
  const details = page.getByRole("link", { name: `Details of ${name}` });
  await reachable(details);
  await reachable(page.getByRole("button", { name: `Delete ${name}` }));
  await details.click();

  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Copy URL" }).click();
  await expect(page.getByText("URL copied.")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
    /^http:\/\/127\.0\.0\.1:\d+\/media\/[0-9a-f]{24}\.jpg$/,
  );

  // A refused save keeps what was typed.
  await page.getByLabel("Name", { exact: true }).fill("");
  await page.getByLabel("Caption", { exact: true }).fill("Evening light over Labadi");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Please enter a name for the media.")).toBeVisible();
  await expect(page.getByLabel("Caption", { exact: true })).toHaveValue("Evening light over Labadi");

  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Credit", { exact: true }).fill("Esi Owusu");
  await page.getByLabel("Alt text", { exact: true }).fill("The beach at sunset");
  await page.getByLabel("Tags (comma separated)").fill("beach, accra");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Media updated successfully!")).toBeVisible();
  await expect(page.getByLabel("Credit", { exact: true })).toHaveValue("Esi Owusu");
  await expect(page.getByLabel("Tags (comma separated)")).toHaveValue("beach, accra");
  await page.screenshot({ path: "test-results/media-phone-item.png", fullPage: true });
  await fitsThePhone(page, "item");
});
