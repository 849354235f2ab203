import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { E2E_ACCOUNTS } from "./accounts";
import { signIn } from "./helpers";

/** Sample articles (app/db/sample-content.ts); the ids are generated, so they are found by title. */
const MAKOLA = "Accra traders welcome new opening hours at Makola Market";
const BLACK_STARS = "Black Stars name young squad for World Cup qualifiers";
/** Opened by no other journey, so its view count is this file's alone. */
const CAPE_COAST = "Cape Coast prepares for a record Fetu Afahye festival";

const TEXT = {
  commentSubmitted: "Your comment has been submitted successfully! It will be reviewed before publishing.",
  commentMissing: "Please fill in all fields (name, email, and comment).",
  contactInvalid: "Please provide name, a valid email, and your message.",
  contactSent: "Thank you! We will get back to you soon.",
};

const articlePaths = new Map<string, string>();

/** The article's path, read from the links the home page renders. */
async function articlePath(page: Page, title: string): Promise<string> {
  const known = articlePaths.get(title);
  if (known) return known;
  const response = await page.request.get("/");
  const html = await response.text();
  for (const [, href] of html.matchAll(/href="(\/article\/[^"]+)"/g)) {
    if (!href) continue;
    const candidate = await page.request.get(href);
    const body = await candidate.text();
    const heading = body.match(/<h1[^>]*>([^<]*)<\/h1>/)?.[1];
    if (heading) articlePaths.set(heading.replace(/&#x27;|&#39;/g, "'"), href);
    if (heading === title) return href;
  }
  throw new Error(`No link to "${title}" on the home page`);
}

const commentForm = (page: Page) => page.getByRole("form", { name: "Leave a comment" });
const contactForm = (page: Page) => page.getByRole("form", { name: "Contact form" });

async function fillComment(page: Page, values: { name: string; email: string; comment: string }) {
  const form = commentForm(page);
  await form.getByLabel("Name").fill(values.name);
  await form.getByLabel("Email").fill(values.email);
  await form.getByLabel("Comment").fill(values.comment);
}

test.describe("the article page", () => {
  test("shows the story with its byline, body, sharing, related articles, comments and trending", async ({
    page,
  }) => {
    const path = await articlePath(page, MAKOLA);
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1, name: MAKOLA })).toBeVisible();
    await expect(main.getByRole("link", { name: "Business", exact: true }).first()).toBeVisible();
    await expect(main.getByText("By Kwame Asante")).toBeVisible();
    await expect(main.getByText(/\d+ min read/)).toBeVisible();
    await expect(main.getByRole("img", { name: MAKOLA })).toBeVisible();
    await expect(main.getByText("Longer days, safer streets")).toBeVisible();

    await expect(main.getByRole("link", { name: "Share on Facebook" })).toHaveAttribute(
      "href",
      /facebook\.com\/sharer\/sharer\.php\?u=http/,
    );
    await expect(main.getByRole("link", { name: "Share on X" })).toHaveAttribute(
      "href",
      /twitter\.com\/intent\/tweet/,
    );
    await expect(main.getByRole("link", { name: "Share on WhatsApp" })).toHaveAttribute("href", /wa\.me/);
    await expect(main.getByRole("link", { name: "Share on Telegram" })).toHaveAttribute(
      "href",
      /t\.me\/share/,
    );
    await expect(main.getByRole("link", { name: "Share on LinkedIn" })).toHaveAttribute(
      "href",
      /linkedin\.com/,
    );
    await expect(main.getByRole("link", { name: "Share by Email" })).toHaveAttribute(
      "href",
      /^mailto:\?subject=/,
    );

    const related = main.getByRole("region", { name: "Related Articles" });
    // 3 with the sample content alone; other journeys may have added more (4 at most are shown).
    const relatedCount = await related.getByRole("listitem").count();
    expect(relatedCount).toBeGreaterThanOrEqual(3);
    expect(relatedCount).toBeLessThanOrEqual(4);
    await expect(related.getByRole("link", { name: new RegExp(MAKOLA) })).toHaveCount(0);

    await expect(main.getByRole("heading", { name: "Comments (3)" })).toBeVisible();
    await expect(
      main.getByText("Hope the trotro drivers follow. Getting home from Makola after 7 is hard."),
    ).toBeVisible();
    await expect(page.getByRole("complementary").getByRole("heading", { name: "Trending" })).toBeVisible();

    // Social meta for an article page, rendered by the server.
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");
    await expect(page.locator('meta[property="article:section"]')).toHaveAttribute("content", "Business");
    await expect(page.locator('meta[property="article:published_time"]')).toHaveAttribute(
      "content",
      /^\d{4}-\d{2}-\d{2}T/,
    );
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
  });

  test("a comment is sent for moderation: the reader is told, the comment is not shown", async ({ page }) => {
    await page.goto(await articlePath(page, MAKOLA));
    await page.getByRole("button", { name: "Post Comment" }).click();
    await expect(page.getByText(TEXT.commentMissing)).toBeVisible();

    await fillComment(page, {
      name: "Ama Mensah",
      email: "ama@example.com",
      comment: "Great reporting on the market hours.",
    });
    await page.getByRole("button", { name: "Post Comment" }).click();
    await expect(page.getByText(TEXT.commentSubmitted)).toBeVisible();
    await expect(commentForm(page).getByLabel("Comment")).toHaveValue("");
    await page.reload();
    await expect(page.getByText("Great reporting on the market hours.")).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Comments (3)" })).toBeVisible();
  });

  test("copy link tells the reader the link was copied", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const path = await articlePath(page, BLACK_STARS);
    await page.goto(path);
    await page.getByRole("button", { name: "Copy link" }).click();
    await expect(page.getByText("Article link has been copied to your clipboard!")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`${path}$`));
    await page.getByRole("button", { name: "Share on Instagram" }).click();
    await expect(page.getByText("Article link copied! You can now paste it in Instagram.")).toBeVisible();
  });

  test("a view is counted once per browser, and the reader sees it counted at once", async ({ page }) => {
    const path = await articlePath(page, CAPE_COAST);
    const views = async () =>
      Number(
        (
          await page
            .getByRole("main")
            .locator("article header")
            .getByText(/^[\d,]+ views?$/)
            .innerText()
        ).replace(/\D/g, ""),
      );
    const counted = page.waitForResponse(
      (r) => r.url().includes("/resources/article-views/") && r.request().method() === "POST",
    );
    await page.goto(path);
    const response = await counted;
    expect(response.status()).toBe(204);
    // The counter answers with the new total; the page shows it, even when the page itself was
    // rendered (and cached) before this view.
    const total = Number(response.headers()["x-article-views"]);
    expect(total).toBeGreaterThan(0);
    await expect.poll(views).toBe(total);

    let requests = 0;
    page.on("request", (r) => {
      if (r.url().includes("/resources/article-views/")) requests++;
    });
    await page.reload();
    await expect.poll(views).toBe(total);
    await page.reload();
    await expect.poll(views).toBe(total);
    // The reader script has run on this load: it shows Copy link in the same pass that would have sent
    // the count, so a count meant for this load has been sent by now.
    await expect(page.getByRole("button", { name: "Copy link" })).toBeVisible();
    expect(requests).toBe(0);
  });

  test("a missing article is a 404 page with a way back, never a sample article", async ({ page }) => {
    const response = await page.goto("/article/does-not-exist");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Article not found" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to the homepage" })).toBeVisible();
    // Inside the site's header and footer, so the reader can carry on.
    await expect(page.getByRole("banner").getByRole("link", { name: /Newsdesk\s*Online/ })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
  });

  test("reads well on a phone", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(await articlePath(page, MAKOLA));
    await expect(page.getByRole("heading", { level: 1, name: MAKOLA })).toBeVisible();
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expect(page.getByRole("button", { name: "Post Comment" })).toBeVisible();
  });
});

test.describe("the contact page", () => {
  test("checks the form, sends the message and resets the form", async ({ page }) => {
    await page.goto("/contact");
    // A new install has no contact details: none are shown (no placeholders), only the form.
    await expect(page.getByRole("main").locator('a[href^="mailto:"], a[href^="tel:"]')).toHaveCount(0);
    await expect(contactForm(page).getByLabel("Message")).toHaveAttribute("rows", "6");
    await contactForm(page).getByLabel("Name").fill("Kofi Boateng");
    await contactForm(page).getByLabel("Email").fill("kofi@");
    await contactForm(page).getByLabel("Message").fill("Please cover the Kumasi floods.");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText(TEXT.contactInvalid)).toBeVisible();
    await expect(contactForm(page).getByLabel("Name")).toHaveValue("Kofi Boateng");

    await contactForm(page).getByLabel("Email").fill("kofi@example.com");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText(TEXT.contactSent)).toBeVisible();
    await expect(contactForm(page).getByLabel("Name")).toHaveValue("");
    await expect(contactForm(page).getByLabel("Message")).toHaveValue("");
  });
});

test.describe("utility pages", () => {
  test("about, privacy and terms answer with their content", async ({ page }) => {
    await page.goto("/about");
    await expect(page.getByRole("heading", { level: 1, name: "About Newsdesk" })).toBeVisible();
    for (const value of ["Integrity", "Accuracy", "Timeliness", "Community"])
      await expect(page.getByRole("heading", { name: value, exact: true })).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Contact Us" })).toHaveAttribute(
      "href",
      "/contact",
    );
    await expect(page.getByRole("main").getByRole("link", { name: "Browse All Articles" })).toHaveAttribute(
      "href",
      "/all-articles",
    );

    const today = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(new Date());
    for (const [path, title] of [
      ["/privacy", "Privacy Policy"],
      ["/terms", "Terms of Service"],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
      await expect(page.getByText(`Last updated: ${today}`)).toBeVisible();
    }
  });

  test("the settings demo shows public settings only", async ({ page }) => {
    await page.goto("/settings-demo");
    await expect(page.getByRole("rowheader", { name: "siteTitle" })).toBeVisible();
    await expect(page.getByRole("rowheader", { name: "allowComments" })).toBeVisible();
    await expect(page.getByText("adsPublisherId")).toHaveCount(0);
    await expect(page.getByText("customHeadHtml")).toHaveCount(0);
  });

  test("the comments demo follows the settings: a new comment awaits moderation", async ({ page }) => {
    await page.goto("/comments-demo");
    await page.getByRole("button", { name: "Post Comment" }).click();
    await expect(page.getByText(TEXT.commentMissing)).toBeVisible();
    await fillComment(page, { name: "Esi", email: "esi@example.com", comment: "Trying the demo." });
    await page.getByRole("button", { name: "Post Comment" }).click();
    await expect(page.getByText("Your comment has been submitted and is awaiting moderation.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Awaiting moderation (1)" })).toBeVisible();
  });

  test("database setup: a visitor is sent to sign in; an admin may run it", async ({ page }) => {
    await page.goto("/database-setup");
    await expect(
      page.getByText("Only a signed-in administrator can populate or clear the database."),
    ).toBeVisible();
    await page.getByRole("button", { name: "Clear Database" }).click();
    await expect(
      page.getByText("Are you sure you want to clear all data? This action cannot be undone."),
    ).toBeVisible();
    await page.getByRole("dialog").getByRole("button", { name: "Clear Database" }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);

    await signIn(page, E2E_ACCOUNTS.admin);
    await page.goto("/database-setup");
    await expect(page.getByText("Only a signed-in administrator")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Populate Database" })).toBeEnabled();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a comment posts as a plain form: errors keep what was typed, success says it will be reviewed", async ({
    page,
  }) => {
    await page.goto(await articlePath(page, MAKOLA));
    await fillComment(page, { name: "Yaw", email: "yaw@example.com", comment: "   " });
    await page.getByRole("button", { name: "Post Comment" }).click();
    await expect(page.getByRole("alert").getByText("Missing Information")).toBeVisible();
    await expect(page.getByText(TEXT.commentMissing)).toBeVisible();
    await expect(commentForm(page).getByLabel("Name")).toHaveValue("Yaw");
    await expect(commentForm(page).getByLabel("Email")).toHaveValue("yaw@example.com");

    await commentForm(page).getByLabel("Comment").fill("<b>Works</b> without scripts too.");
    await page.getByRole("button", { name: "Post Comment" }).click();
    await expect(page.getByText(TEXT.commentSubmitted)).toBeVisible();
    await expect(page.getByText("without scripts too.")).toHaveCount(0);
    await expect(commentForm(page).getByLabel("Name")).toHaveValue("");
  });

  test("the contact form works as a plain form", async ({ page }) => {
    await page.goto("/contact");
    await contactForm(page).getByLabel("Name").fill("Adjoa");
    await contactForm(page).getByLabel("Message").fill("A story idea.");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Invalid form")).toBeVisible();
    await expect(page.getByText(TEXT.contactInvalid)).toBeVisible();
    await expect(contactForm(page).getByLabel("Name")).toHaveValue("Adjoa");
    await expect(contactForm(page).getByLabel("Message")).toHaveValue("A story idea.");

    await contactForm(page).getByLabel("Email").fill("adjoa@example.com");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Message sent")).toBeVisible();
    await expect(page.getByText(TEXT.contactSent)).toBeVisible();
    await expect(contactForm(page).getByLabel("Name")).toHaveValue("");
  });

  test("the article reads fully and share links work without scripts", async ({ page }) => {
    await page.goto(await articlePath(page, MAKOLA));
    await expect(page.getByRole("heading", { level: 1, name: MAKOLA })).toBeVisible();
    await expect(page.getByText("Longer days, safer streets")).toBeVisible();
    await expect(page.getByRole("link", { name: "Share on Facebook" })).toBeVisible();
    // The buttons that need scripts are not offered.
    await expect(page.getByRole("button", { name: "Copy link" })).toHaveCount(0);
  });
});

test.describe("accessibility and console", () => {
  const PAGES = [
    "/contact",
    "/about",
    "/privacy",
    "/terms",
    "/settings-demo",
    "/comments-demo",
    "/database-setup",
    "/article/does-not-exist",
  ];
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    test(`no serious accessibility violation and no console error at ${viewport.width}px`, async ({
      page,
    }) => {
      test.setTimeout(90_000);
      await page.setViewportSize(viewport);
      const errors: string[] = [];
      page.on("console", (m) => {
        // The 404 page's own status shows up as a failed resource; that answer is the point of the page.
        if (m.type() === "error" && !(page.url().endsWith("/does-not-exist") && m.text().includes("404")))
          errors.push(`${page.url()}: ${m.text()}`);
      });
      page.on("pageerror", (e) => errors.push(`${page.url()}: ${e.message}`));
      for (const path of [await articlePath(page, MAKOLA), ...PAGES]) {
        await page.goto(path, { waitUntil: "networkidle" });
        const { violations } = await new AxeBuilder({ page }).analyze();
        const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
        expect(
          serious.map((v) => `${path}: ${v.id} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
        ).toEqual([]);
      }
      expect(errors).toEqual([]);
    });
  }
});
