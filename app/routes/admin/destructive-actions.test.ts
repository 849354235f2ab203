/**
 * Nothing destructive happens on one plain POST: every delete, bulk delete, unpublish, activation or
 * deactivation of an account, and turning off someone's two-factor sign-in needs the confirmed step on the
 * server (`confirmed=yes`, which the dialog adds, or the confirmation page the server renders without
 * JavaScript). A tap before the page's script has loaded asks first and changes nothing.
 *
 * The list below is checked against the route modules' sources: a module that gains a destructive intent
 * fails here until that intent is listed (or exempted, with the reason).
 */
import { readFile } from "node:fs/promises";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { totpCode, totpStep } from "#test-support/authenticator";
import { confirmSetup, startSetup } from "#app/auth/two-factor.server";
import {
  articles,
  categories,
  comments,
  contactMessages,
  liveUpdates,
  media,
  newsletterSubscribers,
  users,
} from "#app/db/schema";
import { seedDatabase } from "#app/db/seed.server";
import { createTestDatabase, one, type TestDatabase } from "#test-support/test-database";
import { UserConfirmStep, type PendingUserAction } from "#app/components/admin/user-table";
import { USER_FORM_TEXT } from "#app/domain/users/user-form";
import { forgetCachedSettings, getSettings } from "#app/domain/settings/settings.server";
import { action as adsAction } from "./ads";
import { action as codeAction } from "./code";
import { args, makeUser, outcome, postRequest, sessionCookieFor } from "#test-support/route-calls";

type Fields = Record<string, string | string[]>;
interface Destructive {
  /** The route module, as in app/routes.ts. */
  file: string;
  /** The destructive word as the module spells it (intent or bulk action). */
  intent: string;
  label: string;
  /** Makes a fresh target; answers the URL, params and the form of the unconfirmed post. */
  prepare: () => Promise<{ url: string; params?: Record<string, string>; form: Fields }>;
}

/** Destructive words looked for in the route modules' sources. */
const DESTRUCTIVE_WORDS = [
  "delete",
  "remove",
  "cleanup",
  "activate",
  "deactivate",
  "unpublish",
  "reset-two-factor",
  "unit-delete",
  "delete-empty-drafts",
] as const;

/** Destructive-sounding intents that are not destructive, and why. */
const EXEMPT: Record<string, string> = {
  "routes/admin/media.tsx activate": "shows a hidden image again: nothing is lost, undone by Deactivate",
  "routes/admin/media.tsx deactivate": "hides an image from the picker; it stays stored, undone by Activate",
  "routes/admin/notifications.tsx delete": "dismisses one's own notice from the bell, nobody else's",
  "routes/admin/comments.tsx cleanup":
    "removes only comments whose article no longer exists: rows nobody can reach (the foreign key normally prevents them)",
};

describe("destructive back-office actions need the confirmed step on the server", () => {
  let database: TestDatabase;
  let admin = "";
  let n = 0;
  const next = () => ++n;

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    await seedDatabase(database.db, { adminEmail: "owner@example.com", adminPassword: "OwnerPass123" });
    forgetCachedSettings();
    admin = await sessionCookieFor((await makeUser("confirming-admin@example.com", "admin")).id);
  }, 60_000);
  afterAll(async () => {
    await database.destroy();
  });

  const article = async (status: "draft" | "published" = "published") => {
    const category = one(await database.db.select({ id: categories.id }).from(categories).limit(1));
    const i = next();
    return one(
      await database.db
        .insert(articles)
        .values({
          title: `Story ${i}`,
          slug: `story-${i}`,
          content: "<p>Text</p>",
          categoryId: category.id,
          status,
          publishedAt: status === "published" ? new Date() : null,
        })
        .returning(),
    ).id;
  };
  const category = async () => {
    const i = next();
    return one(
      await database.db
        .insert(categories)
        .values({ name: `Section ${i}`, slug: `section-${i}` })
        .returning(),
    ).id;
  };
  const comment = async () =>
    one(
      await database.db
        .insert(comments)
        .values({ articleId: await article(), authorName: "Ama", authorEmail: "ama@example.com", text: "Hi" })
        .returning(),
    ).id;
  const member = async (status: "active" | "inactive" = "active") => {
    const user = await makeUser(`member-${next()}@example.com`, "writer");
    if (status !== "active") await database.db.update(users).set({ status }).where(eq(users.id, user.id));
    return user.id;
  };
  const image = async () =>
    one(
      await database.db
        .insert(media)
        .values({ name: `Image ${next()}`, url: "https://images.example/a.jpg" })
        .returning(),
    ).id;

  const adUnit = async () => {
    await outcome(() =>
      adsAction(
        args(
          postRequest(
            "/admin/ads",
            {
              intent: "unit-save",
              name: `Break ${next()}`,
              placement: "in_article",
              afterParagraph: "2",
              size: "300x250",
              source: "unit",
              unitId: "1234567890",
              code: "",
              active: "on",
            },
            admin,
          ),
        ),
      ),
    );
    const units = (await getSettings(database.db)).adSlots as Array<{ id?: string }>;
    return units.at(-1)?.id ?? "";
  };
  const snippet = async () => {
    const name = `Tag ${next()}`;
    await outcome(() =>
      codeAction(
        args(postRequest("/admin/code", { intent: "add", name, code: "<script>1</script>" }, admin)),
      ),
    );
    const list = (await getSettings(database.db)).codeSnippets as Array<{ id: string; name: string }>;
    return list.find((s) => s.name === name)?.id ?? "";
  };

  const LISTED: Destructive[] = [
    {
      file: "routes/admin/ads.tsx",
      intent: "unit-delete",
      label: "Ads: delete an ad unit",
      prepare: async () => ({ url: "/admin/ads", form: { intent: "unit-delete", id: await adUnit() } }),
    },
    {
      file: "routes/admin/code.tsx",
      intent: "remove",
      label: "Header & Footer Code: remove a snippet (the post of a page without JavaScript)",
      prepare: async () => ({ url: "/admin/code", form: { intent: "remove", id: await snippet() } }),
    },
    {
      file: "routes/admin/users.tsx",
      intent: "delete",
      label: "Users: delete a user",
      prepare: async () => ({ url: "/admin/users", form: { intent: "delete", userId: await member() } }),
    },
    {
      file: "routes/admin/users.tsx",
      intent: "deactivate",
      label: "Users: deactivate a user",
      prepare: async () => ({ url: "/admin/users", form: { intent: "deactivate", userId: await member() } }),
    },
    {
      file: "routes/admin/users.tsx",
      intent: "activate",
      label: "Users: activate a user",
      prepare: async () => ({
        url: "/admin/users",
        form: { intent: "activate", userId: await member("inactive") },
      }),
    },
    ...(["delete", "deactivate", "activate"] as const).map((action) => ({
      file: "routes/admin/users.tsx",
      intent: action,
      label: `Users: bulk ${action}`,
      prepare: async () => ({
        url: "/admin/users",
        form: {
          intent: "bulk",
          bulkAction: action,
          ids: [
            await member(action === "activate" ? "inactive" : "active"),
            await member(action === "activate" ? "inactive" : "active"),
          ],
        },
      }),
    })),
    {
      file: "routes/admin/users.edit.tsx",
      intent: "reset-two-factor",
      label: "Edit User: turn off a member's two-factor sign-in",
      prepare: async () => {
        const id = await member();
        await confirmSetup(
          database.db,
          id,
          totpCode(await startSetup(database.db, id), totpStep(new Date())),
        );
        return { url: `/admin/users/edit/${id}`, params: { id }, form: { intent: "reset-two-factor" } };
      },
    },
    {
      file: "routes/admin/articles.tsx",
      intent: "delete",
      label: "Articles: delete one",
      prepare: async () => ({ url: "/admin/articles", form: { intent: "delete", id: await article() } }),
    },
    {
      file: "routes/admin/articles.tsx",
      intent: "unpublish",
      label: "Articles: unpublish one",
      prepare: async () => ({ url: "/admin/articles", form: { intent: "unpublish", id: await article() } }),
    },
    {
      file: "routes/admin/articles.tsx",
      intent: "delete",
      label: "Articles: bulk delete",
      prepare: async () => ({
        url: "/admin/articles",
        form: { intent: "bulk", bulkAction: "delete", ids: [await article(), await article()] },
      }),
    },
    {
      file: "routes/admin/articles.tsx",
      intent: "delete-empty-drafts",
      label: "Articles: delete empty drafts",
      prepare: async () => {
        const draft = async () =>
          one(
            await database.db
              .insert(articles)
              // Left two hours ago: someone else's empty draft is offered after an hour.
              .values({
                title: `Abandoned ${next()}`,
                content: "<p>Notes</p>",
                status: "draft",
                updatedAt: new Date(Date.now() - 2 * 60 * 60_000),
              })
              .returning(),
          ).id;
        return {
          url: "/admin/articles",
          form: { intent: "delete-empty-drafts", ids: [await draft(), await draft()] },
        };
      },
    },
    {
      file: "routes/admin/articles.edit.tsx",
      intent: "delete",
      label: "Edit Article: delete",
      prepare: async () => {
        const id = await article();
        return { url: `/admin/articles/edit/${id}`, params: { id }, form: { intent: "delete" } };
      },
    },
    {
      file: "routes/admin/categories.tsx",
      intent: "delete",
      label: "Categories: delete",
      prepare: async () => ({
        url: "/admin/categories",
        form: { intent: "delete", ids: [await category()] },
      }),
    },
    {
      file: "routes/admin/comments.tsx",
      intent: "delete",
      label: "Comments: delete one",
      prepare: async () => ({ url: "/admin/comments", form: { intent: "delete", id: await comment() } }),
    },
    {
      file: "routes/admin/comments.tsx",
      intent: "delete",
      label: "Comments: bulk delete",
      prepare: async () => ({
        url: "/admin/comments",
        form: { intent: "bulk", bulkAction: "delete", ids: [await comment(), await comment()] },
      }),
    },
    {
      file: "routes/admin/articles.live.tsx",
      intent: "delete",
      label: "Live coverage: delete an update",
      prepare: async () => {
        const id = one(
          await database.db
            .insert(articles)
            .values({
              title: `Live story ${next()}`,
              status: "published",
              publishedAt: new Date(),
              liveStartedAt: new Date(),
            })
            .returning(),
        ).id;
        const update = one(
          await database.db
            .insert(liveUpdates)
            .values({ articleId: id, content: "<p>Counting.</p>" })
            .returning(),
        ).id;
        return { url: `/admin/articles/live/${id}`, params: { id }, form: { intent: "delete", id: update } };
      },
    },
    {
      file: "routes/admin/messages.view.tsx",
      intent: "delete",
      label: "Messages: delete one",
      prepare: async () => {
        const id = one(
          await database.db
            .insert(contactMessages)
            .values({ name: "Ama", email: "ama@example.com", message: "Hello" })
            .returning(),
        ).id;
        return { url: `/admin/messages/${id}`, params: { id }, form: { intent: "delete" } };
      },
    },
    {
      file: "routes/admin/subscribers.tsx",
      intent: "delete",
      label: "Subscribers: delete one",
      prepare: async () => {
        const id = one(
          await database.db
            .insert(newsletterSubscribers)
            .values({ email: `reader-${next()}@example.com`, token: `token-${next()}` })
            .returning(),
        ).id;
        return { url: "/admin/subscribers", form: { intent: "delete", id } };
      },
    },
    {
      file: "routes/admin/media.tsx",
      intent: "delete",
      label: "Media: delete one",
      prepare: async () => ({ url: "/admin/media", form: { intent: "delete", id: await image() } }),
    },
    {
      file: "routes/admin/media.tsx",
      intent: "delete",
      label: "Media: bulk delete",
      prepare: async () => ({
        url: "/admin/media",
        form: { intent: "bulk", bulkAction: "delete", ids: [await image(), await image()] },
      }),
    },
  ];

  const modules = import.meta.glob<Record<string, unknown>>("/app/routes/admin/*.{ts,tsx}");
  const actionOf = async (file: string) => {
    const load = modules[`/app/${file}`];
    if (!load) throw new Error(`no module for ${file}`);
    return (await load()).action as (args: unknown) => Promise<unknown>;
  };

  /** Every stored row except sessions and counters, one fingerprint per table. */
  async function everything() {
    const rowsOf = async <T>(query: Promise<unknown>) => ((await query) as { rows: T[] }).rows;
    const tables = await rowsOf<{ table_name: string }>(
      database.db.execute(
        sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
      ),
    );
    const prints: Record<string, string> = {};
    for (const { table_name: name } of tables) {
      if (["sessions", "rate_limits", "login_throttle"].includes(name)) continue;
      const [row] = await rowsOf<{ print: string | null }>(
        database.db.execute(
          sql.raw(`SELECT md5(string_agg(t::text, '|' ORDER BY t::text)) AS print FROM "${name}" t`),
        ),
      );
      prints[name] = row?.print ?? "";
    }
    return prints;
  }

  test("every destructive intent of a back-office route module is listed here (or exempted, with why)", async () => {
    const files = Object.keys(modules)
      .filter((key) => !key.endsWith(".test.ts") && !key.endsWith(".server.ts"))
      .map((key) => key.slice("/app/".length));
    const unlisted: string[] = [];
    for (const file of files) {
      const source = await readFile(path.join(process.cwd(), "app", file), "utf8");
      for (const word of DESTRUCTIVE_WORDS) {
        if (!source.includes(`"${word}"`)) continue;
        const key = `${file} ${word}`;
        if (!(key in EXEMPT) && !LISTED.some((d) => d.file === file && d.intent === word)) unlisted.push(key);
      }
    }
    expect(unlisted).toEqual([]);
  });

  test("without JavaScript the users list shows the question as a form that sends the confirmed post", async () => {
    const action = await actionOf("routes/admin/users.tsx");
    const ids = [await member(), await member()];
    const render = (confirm: PendingUserAction) => {
      const Stub = createRoutesStub([
        { path: "/admin/users", Component: () => createElement(UserConfirmStep, { pending: confirm }) },
      ]);
      return renderToStaticMarkup(createElement(Stub, { initialEntries: ["/admin/users"] }));
    };
    const row = await outcome(() =>
      action(args(postRequest("/admin/users", { intent: "delete", userId: ids[0] ?? "" }, admin))),
    );
    const rowHtml = render((row.body as { confirm: PendingUserAction }).confirm);
    expect(rowHtml).toContain('method="post"');
    expect(rowHtml).toContain(USER_FORM_TEXT.deleteConfirm);
    expect(rowHtml).toContain('name="confirmed" value="yes"');
    expect(rowHtml).toContain('name="intent" value="delete"');
    expect(rowHtml).toContain(`name="userId" value="${ids[0]}"`);

    const bulk = await outcome(() =>
      action(args(postRequest("/admin/users", { intent: "bulk", bulkAction: "deactivate", ids }, admin))),
    );
    const bulkHtml = render((bulk.body as { confirm: PendingUserAction }).confirm);
    expect(bulkHtml).toContain("Deactivate User (2 users)");
    expect(bulkHtml).toContain('name="bulkAction" value="deactivate"');
    for (const id of ids) expect(bulkHtml).toContain(`name="ids" value="${id}"`);
  });

  test.each(LISTED.map((d) => [d.label, d] as const))(
    "%s: an unconfirmed POST asks first and changes nothing; the confirmed one does it",
    async (_label, destructive) => {
      const action = await actionOf(destructive.file);
      const { url, params, form } = await destructive.prepare();
      const before = await everything();
      const asked = await outcome(() => action(args(postRequest(url, form, admin), params)));
      expect(asked.status, "asks (a page with the question), no error").toBe(200);
      expect(asked.body, "the question comes with the answer").toBeTruthy();
      expect(await everything(), "nothing changed before the confirmation").toEqual(before);

      const done = await outcome(() =>
        action(args(postRequest(url, { ...form, confirmed: "yes" }, admin), params)),
      );
      expect(done.status).toBeLessThan(400);
      expect(await everything(), "the confirmed POST did it").not.toEqual(before);
    },
    30_000,
  );
});
