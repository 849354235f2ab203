/**
 * Shared parts in a real render (decision record 020): React renders the page as a string with a
 * session over a real FragmentCache, as the reader pages' renderer does. A page must read the same
 * whether its parts were rendered now or taken from the cache, and a part holding navigation links is
 * taken only on pages where those links are marked the same way. The router is React Router's own (the
 * links read the address from it).
 */
import { createElement as h, Fragment, type ReactElement, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, test } from "vitest";
import type { SocialLinks } from "#app/db/schema";
import { FragmentCache } from "#app/domain/delivery/fragment-cache.server";
import { CategoriesBar } from "./categories-bar";
import { SiteHeader } from "./header";
import { SharedPart, SharedPartsContext, SharedPartsSession } from "./shared-part";
import { MessagesContext } from "#app/i18n/use-messages";
import { messagesFor } from "#app/i18n/messages.server";

const CATEGORIES = [
  { name: "News", slug: "news", color: "#1e3a8a" },
  { name: "Sports", slug: "sports", color: "#15803d" },
];
const NO_SOCIAL: SocialLinks = {
  facebook: "",
  twitter: "",
  instagram: "",
  youtube: "",
  linkedin: "",
  tiktok: "",
  telegram: "",
  whatsapp: "",
  pinterest: "",
};

interface Story {
  id: string;
  slug: string;
  title: string;
}
const story = (n: number): Story => ({ id: `id-${n}`, slug: `story-${n}`, title: `Story ${n} & "more"` });

/** A shared part around `children`, as a component would write it in JSX. */
const part = (name: string, shows: unknown, ...children: ReactNode[]) =>
  h(SharedPart, { name, shows, children: h(Fragment, null, ...children) });

/** How many times each part's contents were rendered since the last reset. */
let renders: Record<string, number> = {};
function Rendered({ name }: { name: string }) {
  renders[name] = (renders[name] ?? 0) + 1;
  return null;
}

/** The site's header and categories bar, as the site layout keeps them. */
function Header({ title }: { title: string }) {
  return part(
    "header",
    { title, categories: CATEGORIES },
    h(Rendered, { name: "header" }),
    h(SiteHeader, { siteTitle: title, categories: CATEGORIES, social: NO_SOCIAL }),
    h(CategoriesBar, { categories: CATEGORIES }),
  );
}

function Card({ story }: { story: Story }) {
  return part(
    "card",
    story,
    h(Rendered, { name: `card ${story.id}` }),
    h("article", null, h("a", { href: `/article/${story.slug}` }, story.title)),
  );
}

/** A listing kept whole, its cards kept each on their own: parts inside a part. */
function List({ stories }: { stories: Story[] }) {
  return part(
    "list",
    stories.map((s) => s.id),
    h(Rendered, { name: "list" }),
    h(
      "ul",
      null,
      stories.map((s, i) => h("li", { key: `${s.id}-${i}` }, h(Card, { story: s }))),
    ),
  );
}

function Page({ title = "Accra Daily", stories = [] }: { title?: string; stories?: Story[] }) {
  return h(
    "div",
    null,
    h(Header, { title }),
    h("main", null, h("p", null, "What only this page says: <not a tag> & co."), h(List, { stories })),
    h("footer", null, "The end"),
  );
}

/** The page at `path` rendered to a string, in a session when one is given (its markers left in). */
function renderRaw(path: string, page: ReactElement, session: SharedPartsSession | null) {
  const Stub = createRoutesStub([{ path: "*", Component: () => page }]);
  return renderToStaticMarkup(
    h(
      MessagesContext.Provider,
      { value: messagesFor("en") },
      h(SharedPartsContext.Provider, { value: session }, h(Stub, { initialEntries: [path] })),
    ),
  );
}

/**
 * A reader's visit: the page rendered with the cache's parts, checked against the same page rendered
 * with no parts at all; what was rendered anew is in `rendered`.
 */
function visit(cache: FragmentCache, path: string, page: ReactElement) {
  const plain = renderRaw(path, page, null);
  renders = {};
  const session = new SharedPartsSession(cache, new URL(path, "http://localhost").pathname);
  const raw = renderRaw(path, page, session);
  const html = session.finish(raw);
  const rendered = renders;
  expect(html, `${path}: the page as it reads without kept parts`).toBe(plain);
  expect(html, `${path}: no marker left`).not.toContain("nd-part");
  return { raw, html, rendered };
}

const newCache = () => new FragmentCache(1024 * 1024, 60_000);

beforeEach(() => {
  renders = {};
});

describe("a shared part", () => {
  test("without a session (a page React Router renders, a test) it is only its children", () => {
    const children: ReactNode = [h("b", { key: 1 }, "Bold"), " and plain"];
    expect(renderToStaticMarkup(part("x", 1, children))).toBe("<b>Bold</b> and plain");
  });

  test("the first page renders its parts and keeps them; the next page takes them as they were, byte for byte", () => {
    const cache = newCache();
    const page = h(Page, { stories: [story(1), story(2)] });
    const first = visit(cache, "/article/first", page);
    expect(first.rendered).toEqual({ header: 1, list: 1, "card id-1": 1, "card id-2": 1 });
    expect(first.raw).toContain("data-open=");
    expect(cache.usedBytes).toBeGreaterThan(0);

    const second = visit(cache, "/article/second", page);
    expect(second.rendered).toEqual({});
    // Only placeholders were rendered where the parts are: their text came from the cache.
    expect(second.raw).toContain("data-fill=");
    expect(second.raw).not.toContain("Accra Daily");
    expect(second.raw).not.toContain("Story 1");
    expect(second.html).toContain("Accra Daily");
  });

  test("what a part shows is its key: another title is another part", () => {
    const cache = newCache();
    visit(cache, "/about", h(Page, { title: "Accra Daily" }));
    const renamed = visit(cache, "/about", h(Page, { title: "Kumasi Evening Post" }));
    expect(renamed.rendered.header).toBe(1);
    expect(renamed.html).toContain("Kumasi Evening Post");
    expect(renamed.html).not.toContain("Accra Daily");
  });

  test("parts inside parts read right both ways: a new list holds a kept card, then is kept whole", () => {
    const cache = newCache();
    visit(cache, "/about", h(Page, { stories: [story(1), story(2)] }));

    // Story 2's card is kept; the list of 2 and 3 is new: rendered around the kept card.
    const newList = visit(cache, "/about", h(Page, { stories: [story(2), story(3)] }));
    expect(newList.rendered).toEqual({ list: 1, "card id-3": 1 });

    // The list kept holds the cards' HTML, not their markers or placeholders.
    const again = visit(cache, "/terms", h(Page, { stories: [story(2), story(3)] }));
    expect(again.rendered).toEqual({});
    expect(again.html).toContain("Story 2 &amp; &quot;more&quot;");
    expect(again.html).toContain("Story 3 &amp; &quot;more&quot;");
  });

  test("the same part twice on one page, new or kept, is right in both places", () => {
    const cache = newCache();
    const page = h(Page, { stories: [story(1), story(4), story(1)] });
    expect(visit(cache, "/", page).rendered["card id-1"]).toBe(2);
    // A list of its own around the same cards: the cards come from the cache, twice.
    const other = visit(cache, "/", h(Page, { stories: [story(1), story(1)] }));
    expect(other.rendered).toEqual({ list: 1 });
    expect(other.html.split("Story 1 &amp;").length - 1).toBe(2);
  });
});

/** A part around the header: its links are inside two parts at once. */
function Chrome() {
  return part(
    "chrome",
    1,
    h(Rendered, { name: "chrome" }),
    h("div", { className: "chrome" }, h(Header, { title: "Accra Daily" })),
  );
}

describe("a page rendered while the site changed", () => {
  test("shows its parts but keeps none of them: they may show what the change replaced", () => {
    const cache = newCache();
    const page = h(Page, { stories: [story(1)] });
    // The session starts before the page's data is read; the newsroom saves meanwhile.
    const session = new SharedPartsSession(cache, "/about");
    const raw = renderRaw("/about", page, session);
    cache.purge({ scope: "everything", reason: "settings saved during the render" });
    expect(session.finish(raw)).toBe(renderRaw("/about", page, null));
    expect(cache.usedBytes).toBe(0);
    expect(visit(cache, "/about", page).rendered).toEqual({ header: 1, list: 1, "card id-1": 1 });
  });
});

describe("a shared part holding navigation links", () => {
  test("the header kept on a story's page is reused on /about, not on /category/news, whose own is then kept beside it", () => {
    const cache = newCache();
    const page = h(Page);
    const onStory = visit(cache, "/article/rain-in-accra", page);
    expect(onStory.rendered.header).toBe(1);
    expect(onStory.html).not.toContain('aria-current="page"');

    expect(visit(cache, "/about", page).rendered.header).toBeUndefined();

    // News is current there: the kept header would say otherwise.
    const onNews = visit(cache, "/category/news", page);
    expect(onNews.rendered.header).toBe(1);
    expect(onNews.html).toMatch(/<a href="\/category\/news" aria-current="page"/);

    // Now both are kept: each page takes its own.
    expect(visit(cache, "/category/news/", page).rendered.header).toBeUndefined();
    expect(visit(cache, "/Category/News", page).rendered.header).toBeUndefined();
    const backOnAbout = visit(cache, "/about", page);
    expect(backOnAbout.rendered.header).toBeUndefined();
    expect(backOnAbout.html).not.toContain('aria-current="page"');

    // Home marks Home, /search the phone menu's Search, /contact Contact: each gets a header of its own.
    for (const path of ["/", "/search", "/contact", "/category/sports", "/all-articles"]) {
      const visited = visit(cache, path, page);
      expect(visited.rendered.header, path).toBe(1);
      expect(visited.html, path).toContain('aria-current="page"');
    }
  });

  test("a link marks every part being kept around it, not only the nearest", () => {
    const cache = newCache();
    expect(visit(cache, "/about", h(Chrome)).rendered).toEqual({ chrome: 1, header: 1 });
    expect(visit(cache, "/terms", h(Chrome)).rendered).toEqual({});
    // Both would be marked otherwise on the News page: neither is taken.
    const onNews = visit(cache, "/category/news", h(Chrome));
    expect(onNews.rendered).toEqual({ chrome: 1, header: 1 });
    expect(onNews.html).toContain('aria-current="page"');
  });

  test("a kept part inside a part being kept passes its marks on: the outer part is not reused where they differ", () => {
    const cache = newCache();
    // The header alone, kept from /about with none of its links current.
    visit(cache, "/about", h(Page));
    // A chrome around the same header: kept on /about, with the header taken from the cache.
    expect(visit(cache, "/about", h(Chrome)).rendered).toEqual({ chrome: 1 });
    expect(visit(cache, "/terms", h(Chrome)).rendered).toEqual({});

    // On the News page the header inside would be marked: the chrome kept from /about must not be used.
    const onNews = visit(cache, "/category/news", h(Chrome));
    expect(onNews.rendered).toEqual({ chrome: 1, header: 1 });
    expect(onNews.html).toContain('aria-current="page"');
  });
});
