/**
 * The contact inbox called as routes, per role: admins and editors list, open (which marks read), mark
 * handled and delete; a writer gets 403 everywhere and changes nothing; the contact notification reaches
 * admins and editors only and leads to the message.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { navFor } from "#app/components/admin/nav";
import { contactMessages, notificationReceipts, notifications } from "#app/db/schema";
import { createTestDatabase, one, type TestDatabase } from "#test-support/test-database";
import { submitContactMessage } from "#app/domain/contact/contact.server";
import { INBOX_TEXT } from "#app/domain/contact/inbox-rules";
import * as layoutRoute from "./layout";
import * as messagesRoute from "./messages";
import * as messageRoute from "./messages.view";
import * as notificationsRoute from "./notifications";
import {
  args,
  getRequest,
  makeUser,
  outcome,
  postRequest,
  sessionCookieFor,
  toastOf,
} from "#test-support/route-calls";

describe("contact inbox (routes)", () => {
  let database: TestDatabase;
  const cookies = { admin: "", editor: "", writer: "" };
  let messageId = "";

  const list = (cookie?: string, query = "") =>
    outcome(() => messagesRoute.loader(args(getRequest(`/admin/messages${query}`, cookie))));
  const view = (id: string, cookie?: string) =>
    outcome(() => messageRoute.loader(args(getRequest(`/admin/messages/${id}`, cookie), { id })));
  const post = (id: string, fields: Record<string, string>, cookie?: string) =>
    outcome(() => messageRoute.action(args(postRequest(`/admin/messages/${id}`, fields, cookie), { id })));
  const stored = async (id: string) =>
    database.db.select().from(contactMessages).where(eq(contactMessages.id, id));

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    for (const role of ["admin", "editor", "writer"] as const) {
      const user = await makeUser(`${role}@example.com`, role);
      cookies[role] = await sessionCookieFor(user.id);
    }
    await database.db.delete(notifications);
    const sent = await submitContactMessage(
      database.db,
      {
        name: "Kofi Mensah",
        email: "kofi@example.com",
        subject: "Flooding on Ring Road",
        message: "Photos attached.",
      },
      { ip: "10.0.0.9" },
    );
    messageId = sent.id;
  });
  afterAll(async () => {
    await database.destroy();
  });

  test("the side menu shows Messages to admins and editors, never to writers", () => {
    const has = (role: string) => navFor(role).some((item) => item.to === "/admin/messages");
    expect([has("admin"), has("editor"), has("writer")]).toEqual([true, true, false]);
  });

  test("a writer gets 403 on the list, the message and every action, and nothing changes", async () => {
    const before = await stored(messageId);
    expect((await list(cookies.writer)).status).toBe(403);
    expect((await view(messageId, cookies.writer)).status).toBe(403);
    for (const intent of ["handled", "unhandled", "delete"])
      expect((await post(messageId, { intent, confirmed: "yes" }, cookies.writer)).status).toBe(403);
    expect(
      (
        await outcome(() =>
          layoutRoute.loader(args(getRequest(`/admin/messages/${messageId}`, cookies.writer))),
        )
      ).status,
    ).toBe(403);
    expect(await stored(messageId)).toEqual(before);
    expect(one(before).status).toBe("new");
  });

  test("signed out: sent to sign in", async () => {
    expect(await list()).toMatchObject({ status: 302, location: "/admin/login" });
    expect(await post(messageId, { intent: "delete", confirmed: "yes" })).toMatchObject({
      status: 302,
      location: "/admin/login",
    });
  });

  test("the contact notification reaches admins and editors (not writers) and its click opens the message", async () => {
    const bell = async (cookie: string) =>
      (
        (await outcome(() => layoutRoute.loader(args(getRequest("/admin/dashboard", cookie))))).body as {
          notifications: Array<{ id: string; message: string }>;
        }
      ).notifications;
    expect((await bell(cookies.writer)).some((n) => n.message.includes("Kofi Mensah"))).toBe(false);
    const [note] = (await bell(cookies.editor)).filter((n) => n.message.includes("Kofi Mensah"));
    expect(note).toBeDefined();
    expect((await bell(cookies.admin)).some((n) => n.id === note!.id)).toBe(true);
    // The writer cannot follow it either.
    expect(
      await outcome(() =>
        notificationsRoute.action(
          args(postRequest("/admin/notifications", { intent: "read", id: note!.id }, cookies.writer)),
        ),
      ),
    ).toMatchObject({ location: "/admin/notifications" });
    expect(
      await outcome(() =>
        notificationsRoute.action(
          args(postRequest("/admin/notifications", { intent: "read", id: note!.id }, cookies.editor)),
        ),
      ),
    ).toMatchObject({ status: 302, location: `/admin/messages/${messageId}` });
    const receipts = await database.db
      .select()
      .from(notificationReceipts)
      .where(eq(notificationReceipts.notificationId, note!.id));
    expect(receipts).toHaveLength(1);
  });

  test("an editor lists it unread, opens it (now read) with a reply-by-e-mail link, marks it handled", async () => {
    const first = await list(cookies.editor);
    expect(first.status).toBe(200);
    const rows = (first.body as { rows: Array<{ id: string; status: string; subject: string }> }).rows;
    expect(rows).toEqual([
      expect.objectContaining({ id: messageId, status: "new", subject: "Flooding on Ring Road" }),
    ]);
    expect(((await list(cookies.editor, "?q=ring+road")).body as { total: number }).total).toBe(1);
    expect(((await list(cookies.editor, "?q=nothing-like-it")).body as { total: number }).total).toBe(0);

    const opened = await view(messageId, cookies.editor);
    expect(opened.body).toMatchObject({
      message: { id: messageId, status: "read", message: "Photos attached." },
      replyHref: "mailto:kofi@example.com?subject=Re%3A%20Flooding%20on%20Ring%20Road",
    });
    expect(one(await stored(messageId)).status).toBe("read");

    expect(await post(messageId, { intent: "handled" }, cookies.editor)).toMatchObject({
      status: 200,
      body: { result: { type: "success", title: INBOX_TEXT.handled } },
    });
    expect(one(await stored(messageId)).status).toBe("archived");
    await post(messageId, { intent: "unhandled" }, cookies.admin);
    expect(one(await stored(messageId)).status).toBe("read");
    expect((await post(messageId, { intent: "bogus" }, cookies.admin)).status).toBe(400);
  });

  test("delete asks first, then removes the message and goes back to the list", async () => {
    expect(await post(messageId, { intent: "delete" }, cookies.editor)).toMatchObject({
      status: 200,
      body: { result: { type: "confirm", title: INBOX_TEXT.deleteConfirm, intent: "delete" } },
    });
    expect(await stored(messageId)).toHaveLength(1);
    const deleted = await post(messageId, { intent: "delete", confirmed: "yes" }, cookies.editor);
    expect(deleted).toMatchObject({ status: 302, location: "/admin/messages" });
    expect(await toastOf(deleted.setCookie)).toMatchObject({ type: "success", title: INBOX_TEXT.deleted });
    expect(await stored(messageId)).toEqual([]);
    expect((await view(messageId, cookies.editor)).status).toBe(404);
    expect((await post(messageId, { intent: "handled" }, cookies.editor)).status).toBe(404);
  });
});
