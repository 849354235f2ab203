import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { E2E_ACCOUNTS } from "./accounts";
import { signIn } from "./helpers";

const HERO = "Accra traders welcome new opening hours at Makola Market";
const FEATURED = "Black Stars name young squad for World Cup qualifiers";
const COCOA = "Cocoa farmers in Western North expect a stronger harvest";

/** More than one page of articles: the database setup's populate adds the 4 sample articles each time. */
async function ensureTwoPagesOfArticles(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: true });
  const page = await context.newPage();
  await page.goto("/all-articles");
  const total = Number(
    (await page.getByText(/^Showing \d+ to \d+ of \d+ articles$/).textContent())?.match(/of (\d+)/)?.[1],
  );
  if (total <= 12) {
    await signIn(page, E2E_ACCOUNTS.admin);
    for (let added = total; added <= 12; added += 4) {
      const response = await page.request.post("/database-setup", {
        form: { intent: "populate" },
        headers: { Origin: baseURL },
      });
      expect(response.ok()).toBe(true);
    }
  }
  await context.close();
}

async function expectMeta(page: Page) {
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "website");
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
  await expect(page.locator('meta[property="og:image:width"]')).toHaveAttribute("content", "1200");
  await expect(page.locator('link[rel="canonical"]')).toHaveCount(1);
}

test.describe("with JavaScript", () => {
  test("home shows the top story, latest news, trending and featured articles", async ({ page }) => {
    const errors: string[] = [];
    page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    await page.goto("/");
    await expect(page).toHaveTitle("Newsdesk - Your Trusted Source for News");
    await expectMeta(page);
    const hero = page.getByRole("region", { name: "Top story" });
    await expect(hero.getByText("Breaking News")).toBeVisible();
    await expect(hero.getByRole("heading", { name: HERO })).toBeVisible();
    await expect(hero.getByRole("link", { name: "Read Full Article" })).toHaveAttribute(
      "href",
      /\/article\//,
    );

    const latest = page.getByRole("region", { name: "Latest News" });
    await expect(latest.getByRole("link", { name: "View All" })).toHaveAttribute("href", "/latest-news");
    await expect(latest.getByRole("article")).toHaveCount(4);

    const trending = page.getByRole("region", { name: "Trending" });
    // The sample stories have no views yet (they invent no readers): trending is the newest first.
    await expect(trending.getByRole("listitem").first()).toContainText(HERO);

    const featured = page.getByRole("region", { name: "Featured Articles" });
    await expect(featured.getByRole("heading", { name: FEATURED })).toBeVisible();
    await expect(featured.getByText("Featured", { exact: true })).toBeVisible();

    await hero.getByRole("link", { name: "Read Full Article" }).click();
    await expect(page.getByRole("heading", { level: 1, name: HERO })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("the categories bar leads to a category page, whatever the slug's case; the header names News once", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/");
    // The categories bar lists every category; the header row does not repeat them (decision 011).
    const header = page.locator("header");
    await expect(header.getByText("News", { exact: true }).filter({ visible: true })).toHaveCount(0);
    // Named apart from the footer's "Categories" list: two landmarks of one name are one too many.
    const bar = page.getByRole("navigation", { name: "Category menu" });
    await expect(bar.getByText("News", { exact: true })).toHaveCount(1);
    await bar.getByRole("link", { name: "Sports" }).click();
    await expect(page).toHaveURL(/\/category\/sports$/);
    await expect(page.getByRole("heading", { level: 1, name: "Sports" })).toBeVisible();
    await expect(page.getByRole("heading", { name: FEATURED })).toBeVisible();
    await expect(page).toHaveTitle("Sports - Newsdesk");

    await page.goto("/category/Travel-And-Events");
    await expect(page.getByRole("heading", { level: 1, name: "Travel & Events" })).toBeVisible();
    await expect(
      page.getByRole("heading", { name: "Cape Coast prepares for a record Fetu Afahye festival" }),
    ).toBeVisible();

    await page.goto("/category/arts-and-culture");
    await expect(page.getByRole("heading", { level: 1, name: "Arts & Culture" })).toBeVisible();
    await expect(page.getByText("No articles found")).toBeVisible();
    await page.locator("main").getByRole("link", { name: "Go to the homepage" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("search runs as you type and keeps the URL in step", async ({ page }) => {
    await page.goto("/search");
    await expect(page.getByRole("heading", { name: "Popular Searches" })).toBeVisible();
    const popular = page.getByRole("region", { name: "Popular Searches" });
    for (const tag of ["Breaking News", "Politics", "Technology", "Sports", "Business", "Entertainment"]) {
      await expect(popular.getByRole("link", { name: tag, exact: true })).toHaveAttribute(
        "href",
        `/search?q=${encodeURIComponent(tag)}`,
      );
    }
    await page.getByLabel("Search articles").pressSequentially("cocoa harv", { delay: 40 });
    await expect(page).toHaveURL(/\/search\?q=cocoa\+harv$/);
    await expect(page.getByText("Found 1 result")).toBeVisible();
    const results = page.getByRole("region", { name: "Search results" });
    await expect(results.getByRole("link", { name: COCOA })).toBeVisible();
    await expect(results.getByRole("link", { name: "Read Full Article" })).toBeVisible();

    await page.getByLabel("Search articles").fill("qwertyzzz");
    await expect(page.getByText("No results found")).toBeVisible();
    await expect(page).toHaveURL(/q=qwertyzzz/);
    await expect(page.getByRole("link", { name: "browse all articles" })).toHaveAttribute(
      "href",
      "/all-articles",
    );

    await page.getByLabel("Search articles").fill("");
    await expect(page.getByRole("heading", { name: "Popular Searches" })).toBeVisible();
    await expect(page).toHaveURL(/\/search$/);

    await page
      .getByRole("region", { name: "Popular Searches" })
      .getByRole("link", { name: "Sports", exact: true })
      .click();
    await expect(page).toHaveURL(/\/search\?q=Sports$/);
    await expect(page.getByLabel("Search articles")).toHaveValue("Sports");
    await expect(
      page.getByRole("region", { name: "Search results" }).getByRole("link", { name: FEATURED }),
    ).toBeVisible();
  });

  test("latest and featured news grids", async ({ page }) => {
    // Reader pages are whole documents (decision record 005): no client transition, no placeholders.
    await page.goto("/");
    await page.getByRole("region", { name: "Latest News" }).getByRole("link", { name: "View All" }).click();
    await expect(page).toHaveURL(/\/latest-news$/);
    await expect(page.getByRole("heading", { level: 1, name: "Latest News" })).toBeVisible();
    await expect(page.getByRole("status", { name: "Loading articles" })).toHaveCount(0);

    await page.goto("/latest-news");
    await expect(page.getByRole("heading", { level: 1, name: "Latest News" })).toBeVisible();
    await expect(page.locator("main").getByRole("article").first()).toBeVisible();
    // One label for the flag on every page (the hero, category pages, listings): 'Breaking News'.
    await expect(page.locator("main").getByText("Breaking News", { exact: true }).first()).toBeVisible();
    await page.goto("/featured-news");
    await expect(page.getByRole("heading", { level: 1, name: "Featured News" })).toBeVisible();
    await expect(page.getByRole("heading", { name: FEATURED })).toBeVisible();
  });

  test("the phone menu: Escape closes it, the page does not scroll behind it, navigation closes it", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    await page.getByLabel("Open menu").click();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("link", { name: "Lifestyle" })).toBeVisible();
    await expect.poll(() => page.evaluate(() => document.body.style.overflow)).toBe("hidden");
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect.poll(() => page.evaluate(() => document.body.style.overflow)).toBe("");

    await page.getByLabel("Open menu").click();
    await menu.getByRole("link", { name: "Business" }).click();
    await expect(page).toHaveURL(/\/category\/business$/);
    await expect(menu).toBeHidden();
    await expect(page.getByRole("heading", { level: 1, name: "Business" })).toBeVisible();
  });

  test("the search button goes to /search; ?redirect= replaces the page; back to top appears after scrolling", async ({
    page,
  }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "Search", exact: true }).first().click();
    await expect(page).toHaveURL(/\/search$/);
    await page.goto("/?redirect=/latest-news");
    await expect(page).toHaveURL(/\/latest-news$/);
    await page.goto("/?redirect=//evil.example.com");
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/\?redirect/);
    await expect(page.getByLabel("Back to top")).toHaveCount(0);
    await page.evaluate(() => window.scrollTo(0, 800));
    await page.getByLabel("Back to top").click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  // Settings → Content's 'Posts Per Page' sizes the list (10, the settings' default, on a new install).
  test("all articles: posts per page, numbered pages, previous and next", async ({
    page,
    browser,
    baseURL,
  }) => {
    await ensureTwoPagesOfArticles(browser, baseURL!);
    await page.goto("/all-articles");
    const showing = page.getByText(/^Showing \d+ to \d+ of \d+ articles$/);
    await expect(showing).toHaveText(/^Showing 1 to 10 of (1[1-9]|2\d) articles$/);
    await expect(page.locator("main").getByRole("article")).toHaveCount(10);
    const pager = page.getByRole("navigation", { name: "Pagination" });
    await pager.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/\/all-articles\?page=2$/);
    await expect(showing).toHaveText(/^Showing 11 to \d+ of \d+ articles$/);
    // A route change starts at the top of the new page.
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(pager.getByText("2", { exact: true })).toHaveAttribute("aria-current", "page");
    await pager.getByRole("link", { name: "Previous" }).click();
    await expect(page).toHaveURL(/\/all-articles$/);
    // Past the last page: the last page that exists.
    await page.goto("/all-articles?page=99");
    await expect(page).toHaveURL(/\/all-articles\?page=2$/);
  });
});

test.describe("accessibility and console", () => {
  const PAGES = [
    "/",
    "/category/sports",
    "/category/unknown-thing",
    "/all-articles",
    "/search",
    "/search?q=cocoa",
    "/search?q=qqqzzz",
    "/latest-news",
    "/featured-news",
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
      page.on("console", (m) => m.type() === "error" && errors.push(`${page.url()}: ${m.text()}`));
      page.on("pageerror", (e) => errors.push(`${page.url()}: ${e.message}`));
      for (const path of PAGES) {
        await page.goto(path, { waitUntil: "networkidle" });
        const { violations } = await new AxeBuilder({ page }).analyze();
        const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
        expect(
          serious.map((v) => `${path}: ${v.id} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
        ).toEqual([]);
      }
      // An unknown category answers 404, which the browser logs for the document itself.
      const unknownCategory = /\/category\/unknown-thing: Failed to load resource: .*status of 404/;
      expect(errors.filter((error) => !unknownCategory.test(error))).toEqual([]);
    });
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("reading: home, an article, a category page", async ({ page }) => {
    await page.goto("/");
    await expect(
      page.getByRole("region", { name: "Top story" }).getByRole("heading", { name: HERO }),
    ).toBeVisible();
    await page
      .getByRole("region", { name: "Top story" })
      .getByRole("link", { name: "Read Full Article" })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: HERO })).toBeVisible();
    await page.goto("/category/news");
    await expect(page.getByRole("heading", { level: 1, name: "News" })).toBeVisible();
    await page.getByRole("link", { name: COCOA }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: COCOA })).toBeVisible();
  });

  test("search with the form and with a popular tag", async ({ page }) => {
    await page.goto("/search");
    await page.getByLabel("Search articles").fill("Makola");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/search\?q=Makola$/);
    await expect(
      page.getByRole("region", { name: "Search results" }).getByRole("link", { name: HERO }).first(),
    ).toBeVisible();
    await page.getByLabel("Search articles").fill("nothingmatchesthis");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByText("No results found")).toBeVisible();
    await page.goto("/search");
    await page
      .getByRole("region", { name: "Popular Searches" })
      .getByRole("link", { name: "Business", exact: true })
      .click();
    await expect(page).toHaveURL(/\/search\?q=Business$/);
    await expect(page.getByText(/^Found \d+ results?$/)).toBeVisible();
  });

  test("the phone menu opens as a disclosure", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    await page.getByLabel("Open menu").click();
    await page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "Contact" }).click();
    await expect(page).toHaveURL(/\/contact$/);
  });

  test("paging through all articles", async ({ page, browser, baseURL }) => {
    await ensureTwoPagesOfArticles(browser, baseURL!);
    await page.goto("/all-articles");
    await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Page 2" }).click();
    await expect(page).toHaveURL(/\/all-articles\?page=2$/);
    await expect(page.getByText(/^Showing 11 to \d+ of \d+ articles$/)).toBeVisible();
  });
});
