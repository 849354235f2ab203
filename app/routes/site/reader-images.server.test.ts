/**
 * Images on reader pages, rendered from the real loaders: an uploaded image (stored by real sharp) is
 * drawn from its WebP copies with srcset, sizes and its real size on the home page's top story, its
 * Latest News row and the article page; an external URL stays a plain img; Save-Data gets the 400 px
 * copy alone; the link preview names the 1200x630 share image with its size.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  Outlet,
  StaticRouterProvider,
  useLoaderData,
  useParams,
  type LoaderFunctionArgs,
  type MetaDescriptor,
} from "react-router";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Services } from "#app/services.server";
import { createRequestContext } from "#app/auth/current-user.server";
import { articles, type Media } from "#app/db/schema";
import { seedDatabase } from "#app/db/seed.server";
import { ToastProvider } from "#app/components/ui/toast";
import { createTestDatabase, type TestDatabase } from "#test-support/test-database";
import { uploadMedia } from "#app/domain/media/upload.server";
import { forgetCachedSettings } from "#app/domain/settings/settings.server";
import { makeUser } from "#test-support/route-calls";
import * as articleRoute from "./article";
import * as homeRoute from "./home";
import * as layoutRoute from "./layout";
import { showPhotoLabel } from "#app/lib/lite-mode";
import { testServices } from "#test-support/services";
import { MessagesContext } from "#app/i18n/use-messages";
import { messagesFor } from "#app/i18n/messages.server";

const EXTERNAL = "https://cdn.example.com/photo.jpg";

type Attributes = Record<string, string>;

/** Every <img> of the HTML with its attributes (names lower-cased, as HTML reads them). */
function images(html: string): Attributes[] {
  return [...html.matchAll(/<img\b[^>]*>/g)].map(([tag]) =>
    Object.fromEntries(
      [...tag.matchAll(/\s([a-zA-Z-]+)="([^"]*)"/g)].map(([, name, value]) => [
        (name ?? "").toLowerCase(),
        (value ?? "").replaceAll("&amp;", "&"),
      ]),
    ),
  );
}

describe("reader images", () => {
  let database: TestDatabase;
  /** A story's readable address (its id answers 301 there). */
  const addressOf = async (id: string) =>
    (await database.db.select({ slug: articles.slug }).from(articles).where(eq(articles.id, id)))[0]?.slug ??
    id;
  let root: string;
  let services: Services;
  let upload: Media;
  let leadId: string;

  /** Renders a page inside the site layout with the real loaders, as the server would. */
  async function render(
    url: string,
    page: { loader: (args: never) => unknown; default: ComponentType<never> },
    headers: Record<string, string> = {},
  ) {
    const Page = page.default as ComponentType<Record<string, unknown>>;
    const load = (args: LoaderFunctionArgs) => page.loader(args as never);
    const handler = createStaticHandler([
      {
        id: "routes/site/layout",
        path: "/",
        loader: (args) => layoutRoute.loader(args as never),
        // The share buttons tell the reader through a toast, as under the root layout.
        Component: () => createElement(ToastProvider, null, createElement(Outlet)),
        children: [
          {
            index: true,
            loader: load,
            Component: () => createElement(Page, { loaderData: useLoaderData() }),
          },
          {
            path: "article/:id",
            loader: load,
            Component: () =>
              createElement(Page, {
                loaderData: useLoaderData(),
                params: useParams(),
                actionData: undefined,
              }),
          },
        ],
      },
    ]);
    const context = await handler.query(new Request(`http://localhost${url}`, { headers }), {
      requestContext: createRequestContext(services, null, "127.0.0.1") as never,
    });
    if (context instanceof Response) throw new Error(`unexpected response ${context.status}`);
    // The main edition's pages, in English (the renderers provide a page's messages).
    const html = renderToString(
      createElement(
        MessagesContext.Provider,
        { value: messagesFor("en") },
        createElement(StaticRouterProvider, {
          router: createStaticRouter(handler.dataRoutes, context),
          context,
        }),
      ),
    );
    const pageData = Object.values(context.loaderData).at(-1) as Record<string, unknown>;
    return { html, imgs: images(html), pageData };
  }

  const metaContent = (tags: MetaDescriptor[], property: string) => {
    const tag = tags.find((t) => "property" in t && t.property === property);
    return tag && "content" in tag ? String(tag.content) : undefined;
  };
  /** A route's meta tags for its loader data, under the site layout's origin. */
  const metaOf = <M extends (args: never) => MetaDescriptor[] | undefined>(meta: M, pageData: unknown) =>
    meta({
      data: pageData,
      loaderData: pageData,
      matches: [
        {
          id: "routes/site/layout",
          loaderData: { site: { siteTitle: "Newsdesk", siteDescription: "", origin: "http://localhost" } },
        },
      ],
    } as never) ?? [];

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), "newsdesk-reader-images-"));
    database = await createTestDatabase("pglite");
    services = testServices(database.db, { media: root });
    forgetCachedSettings();
    await seedDatabase(database.db, { adminPassword: "secret123" });
    const editor = await makeUser("images@example.com", "editor");
    const jpeg = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: "#2d6a4f" } })
      .jpeg()
      .toBuffer();
    upload = await uploadMedia(database.db, services.media, editor, {
      mode: "file",
      name: "Makola market",
      file: new File([new Uint8Array(jpeg)], "makola.jpg", { type: "image/jpeg" }),
    });
    // The top story of the sample content gets the upload (by its absolute URL, as the form takes it),
    // every other story the external URL.
    const [lead] = await database.db
      .select({ id: articles.id })
      .from(articles)
      .where(eq(articles.title, "Accra traders welcome new opening hours at Makola Market"));
    leadId = lead!.id;
    await database.db.update(articles).set({ imageUrl: EXTERNAL });
    await database.db
      .update(articles)
      .set({ imageUrl: `http://localhost${upload.url}` })
      .where(eq(articles.id, leadId));
  });
  afterAll(async () => {
    forgetCachedSettings();
    await database.destroy();
    await rm(root, { recursive: true, force: true });
  });

  const copy = (width: number) => `/media/${upload.storageKey.replace(".jpg", "")}-${width}.webp`;

  test("home: the top story and its Latest News row use the copies; the lead is fetched first, the row lazily", async () => {
    const { imgs, pageData } = await render("/", homeRoute);
    const ofUpload = imgs.filter((img) => img.srcset);
    expect(ofUpload).toHaveLength(2);
    const [hero, row] = ofUpload;
    for (const img of ofUpload) {
      expect(img.srcset).toBe(`${copy(400)} 400w, ${copy(800)} 800w, ${copy(1200)} 1200w`);
      expect(img).toMatchObject({ src: copy(800), width: "800", height: "533" });
      expect(img.alt).toBe("");
    }
    expect(hero).toMatchObject({ loading: "eager", fetchpriority: "high" });
    expect(hero?.sizes).toContain("(min-width: 1280px) 749px");
    expect(row).toMatchObject({ loading: "lazy", decoding: "async" });
    expect(row?.sizes).toContain("112px");

    // Every other card has the external URL: a plain img, lazy, with no srcset.
    const plain = imgs.filter((img) => img.src === EXTERNAL);
    expect(plain.length).toBeGreaterThan(0);
    for (const img of plain) {
      expect(img).not.toHaveProperty("srcset");
      expect(img).not.toHaveProperty("sizes");
      expect(img).toMatchObject({ loading: "lazy" });
    }

    // The link preview: the share image with its real size.
    const tags = metaOf(homeRoute.meta, pageData);
    expect(metaContent(tags, "og:image")).toBe(
      `http://localhost${copy(1200).replace("-1200.webp", "-share.jpg")}`,
    );
    expect(metaContent(tags, "og:image:width")).toBe("1200");
    expect(metaContent(tags, "og:image:height")).toBe("630");
  });

  test("home with Save-Data (a lite page): no photo until tapped, each a link to the 400 px copy with its size", async () => {
    const { html, imgs } = await render("/", homeRoute, { "Save-Data": "on" });
    expect(imgs.filter((img) => img.src?.startsWith("/media/"))).toEqual([]);
    const small = upload.variants.find((v) => v.width === 400)!;
    expect(small.size).toBeGreaterThan(0);
    const label = showPhotoLabel(small.size, messagesFor("en").t);
    expect(label).toMatch(/^Show photo · \d+ KB$/);
    const links = [...html.matchAll(/<a href="([^"]+)" data-lite-photo=""[^>]*>[\s\S]*?<\/a>/g)].filter((m) =>
      m[1]!.startsWith("/media/"),
    );
    // The top story and its Latest News row.
    expect(links).toHaveLength(2);
    for (const [link, href] of links) {
      expect(href).toBe(copy(400));
      expect(link).toContain(`data-width="400" data-height="267"`);
      expect(link).toContain(label);
    }
  });

  test("article: the image uses the copies and is the lead; related cards with an external URL stay plain", async () => {
    const { imgs, pageData } = await render(`/article/${await addressOf(leadId)}`, articleRoute);
    const [hero] = imgs.filter((img) => img.srcset);
    expect(hero).toMatchObject({
      src: copy(800),
      width: "800",
      height: "533",
      loading: "eager",
      fetchpriority: "high",
      alt: "Accra traders welcome new opening hours at Makola Market",
    });
    expect(hero?.sizes).toContain("(min-width: 768px) 640px");
    const related = imgs.filter((img) => img.src === EXTERNAL);
    expect(related.length).toBeGreaterThan(0);
    for (const img of related) expect(img).not.toHaveProperty("srcset");

    const tags = metaOf(articleRoute.meta, pageData);
    expect(metaContent(tags, "og:image")).toMatch(/-share\.jpg$/);
    expect(metaContent(tags, "og:image:width")).toBe("1200");
  });

  test("an article whose image is an external URL: a plain img and no claimed share size", async () => {
    const [other] = await database.db
      .select({ id: articles.id })
      .from(articles)
      .where(eq(articles.imageUrl, EXTERNAL))
      .limit(1);
    const { imgs, pageData } = await render(`/article/${await addressOf(other!.id)}`, articleRoute);
    const hero = imgs.find((img) => img.fetchpriority === "high");
    expect(hero).toMatchObject({ src: EXTERNAL, width: "1200", height: "630", loading: "eager" });
    expect(hero).not.toHaveProperty("srcset");
    const tags = metaOf(articleRoute.meta, pageData);
    expect(metaContent(tags, "og:image")).toBe(EXTERNAL);
    expect(metaContent(tags, "og:image:width")).toBeUndefined();
  });
});
