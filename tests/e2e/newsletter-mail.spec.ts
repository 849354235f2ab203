/**
 * The newsletter issue's e-mail in a real browser (decision record 018): a realistic issue of
 * five stories, rendered by `renderIssueMail` and opened with `page.setContent`, at a phone's width and a
 * desktop's. A browser is not a mail client, but it is where a layout that scrolls sideways, text too
 * small to read, a picture wider than the screen or an accessibility fault (axe) shows. The pictures come from the site's address,
 * answered here with PNGs of the announced size, so nothing is served and nothing leaves the machine.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { renderIssueMail, type IssueMailStory } from "../../app/domain/newsletter/issue-mail";
import { checkEmailHtml } from "../support/email-html-check";

const SITE = "https://news.example.com";

const picture = (name: string, width: number, height: number, alt: string) => ({
  url: `${SITE}/media/${name}-${width}x${height}.png`,
  width,
  height,
  alt,
});

const STORIES: IssueMailStory[] = [
  {
    title: "Cedi steadies as Bank of Ghana holds its policy rate",
    excerpt:
      "The central bank kept the rate at 27 per cent, citing easing inflation and a firmer currency over the past quarter.",
    url: `${SITE}/article/cedi-steadies`,
    image: picture("cedi", 1200, 675, "Cedi notes on a trader's table in Makola market"),
  },
  {
    title: "Black Stars name squad for the qualifiers",
    excerpt: "Three uncapped players join the squad for the away games in Bamako and Abidjan next month.",
    url: `${SITE}/article/black-stars-squad`,
    image: picture("stars", 800, 800, "The Black Stars training in Kumasi"),
  },
  {
    title: "Kumasi's new market opens its doors after six years",
    excerpt: "Traders moved into the first two floors on Monday; the rest opens in phases until December.",
    url: `${SITE}/article/kumasi-market`,
    image: null,
  },
  {
    title: "Rains return early to the Northern Region",
    excerpt: "Farmers in Tamale welcome the first heavy rains, weeks ahead of the usual season.",
    url: `${SITE}/article/northern-rains`,
    image: picture("rains", 2400, 1600, "Clouds over a maize field near Tamale"),
  },
  {
    title: "Voter registration opens today: #GhanaDecides2028VoterRegistrationExerciseNationwide",
    excerpt: "A hashtag or a long address is one word to a browser: it must still wrap on a phone.",
    url: `${SITE}/article/${"very-long-slug-".repeat(12)}end`,
    image: picture("long", 600, 300, "A long road"),
  },
];

const mail = renderIssueMail(
  {
    siteTitle: "Newsdesk",
    siteUrl: SITE,
    streetAddress: "12 Independence Avenue, Accra, Ghana",
    subject: "Tuesday's briefing: the cedi, the Black Stars and the rains",
    intro: "Good morning from the newsroom.\n\nFive stories to start your day, picked by our editors.",
    stories: STORIES,
  },
  {
    email: "ama.mensah@example.com",
    unsubscribeUrl: `${SITE}/newsletter/unsubscribe?token=e2e-token`,
    openPixelUrl: `${SITE}/newsletter/open/e2e-token-1x1.png`,
  },
);

/** Answers every request to the site's address with a flat PNG of the size its name says. */
async function servePictures(page: Page) {
  await page.route(`${SITE}/**`, async (route) => {
    const size = /-(\d+)x(\d+)\.png$/.exec(new URL(route.request().url()).pathname);
    if (!size) return route.fulfill({ status: 404, body: "" });
    const [width, height] = [Number(size[1]), Number(size[2])];
    const body = await sharp({ create: { width, height, channels: 3, background: "#9db4c0" } })
      .png()
      .toBuffer();
    await route.fulfill({ contentType: "image/png", body });
  });
}

/** What a reader would see: scrolling, text sizes of every visible text, and the pictures' boxes. */
function measure(page: Page) {
  return page.evaluate(() => {
    const texts = [...document.body.querySelectorAll<HTMLElement>("*")].filter(
      (element) =>
        element.checkVisibility() &&
        [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim()),
    );
    return {
      scrollWidth: document.documentElement.scrollWidth,
      smallestText: Math.min(...texts.map((element) => parseFloat(getComputedStyle(element).fontSize))),
      paragraphSize: parseFloat(getComputedStyle(document.querySelector("p")!).fontSize),
      images: [...document.images].map((img) => ({
        src: img.src,
        loaded: img.complete && img.naturalWidth > 0,
        right: img.getBoundingClientRect().right,
        width: img.getBoundingClientRect().width,
      })),
      column: document.querySelector<HTMLElement>('table[style*="max-width:600px"]')!.getBoundingClientRect()
        .width,
    };
  });
}

async function expectReadable(page: Page, viewportWidth: number) {
  await servePictures(page);
  await page.setContent(mail.html, { waitUntil: "load" });
  const seen = await measure(page);
  expect(seen.scrollWidth, "no sideways scrolling").toBeLessThanOrEqual(viewportWidth);
  expect(seen.paragraphSize, "body text").toBeGreaterThanOrEqual(16);
  expect(seen.smallestText, "every visible text").toBeGreaterThanOrEqual(16);
  expect(seen.column).toBeLessThanOrEqual(600);
  expect(seen.images).toHaveLength(5); // four pictures and the open pixel
  for (const img of seen.images) {
    expect(img.loaded, `${img.src} loaded`).toBe(true);
    expect(img.width, img.src).toBeLessThanOrEqual(viewportWidth);
    expect(img.right, img.src).toBeLessThanOrEqual(viewportWidth);
  }
  await expect(page.getByRole("link", { name: "Newsdesk", exact: true })).toBeVisible();
  for (const story of STORIES) {
    const title = page.getByRole("link", { name: story.title, exact: true });
    await expect(title).toBeVisible();
    await expect(title).toHaveAttribute("href", story.url);
  }
  await expect(page.getByRole("link", { name: "Read more" })).toHaveCount(5);
  await expect(page.getByRole("link", { name: "Unsubscribe" })).toBeVisible();
  // The preheader, for the inbox list only.
  const preheader = page.locator("body > div").first();
  expect(await preheader.textContent()).toBe("Good morning from the newsroom.");
  await expect(preheader).toBeHidden();
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test("the issue's mail passes the e-mail check", () => {
  expect(checkEmailHtml(mail.html, mail.text)).toEqual([]);
});

test.describe("on a phone", () => {
  // isMobile makes Chromium honour the mail's viewport meta tag, as a phone's mail app does.
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

  test("fits 375px without sideways scrolling, with readable text and every story", async ({
    page,
  }, testInfo) => {
    await expectReadable(page, 375);
    const path = testInfo.outputPath("newsletter-phone.png");
    await page.screenshot({ path, fullPage: true });
    await testInfo.attach("newsletter-phone", { path, contentType: "image/png" });
  });
});

test.describe("on a desktop", () => {
  test.use({ viewport: { width: 1024, height: 768 } });

  test("keeps the 600px column, with readable text and every story", async ({ page }, testInfo) => {
    await expectReadable(page, 1024);
    const path = testInfo.outputPath("newsletter-desktop.png");
    await page.screenshot({ path, fullPage: true });
    await testInfo.attach("newsletter-desktop", { path, contentType: "image/png" });
  });
});
