import { CheckCheck, Trash2 } from "lucide-react";
import { data, Form, redirect } from "react-router";
import { z } from "zod";
import { requireUser } from "#app/auth/guard.server";
import { relativeDate } from "#app/lib/dates";
import {
  deleteNotification,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  safeNotificationLink,
  unreadNotificationCount,
} from "#app/domain/notifications/notifications.server";
import { withDomainErrors } from "#app/lib/http-errors.server";
import type { Route } from "./+types/notifications";

/**
 * The bell's full page (and where its forms post): any signed-in, enabled staff member, each on their own
 * list (what their role can open) and their own read and dismissed state.
 */
export const loader = withDomainErrors(async ({ context }: Route.LoaderArgs) => {
  const user = await requireUser(context);
  const db = context.db;
  const list = await listNotifications(db, user);
  return {
    notifications: list.map(({ id, type, message, read, createdAt }) => ({
      id,
      type,
      message,
      read,
      createdAt,
    })),
    unread: await unreadNotificationCount(db, user),
  };
});

const notificationAction = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("read"), id: z.string().min(1) }),
  z.object({ intent: z.literal("delete"), id: z.string().min(1), returnTo: z.string().optional() }),
  z.object({ intent: z.literal("readAll"), returnTo: z.string().optional() }),
]);

export const action = withDomainErrors(async ({ request, context }: Route.ActionArgs) => {
  const user = await requireUser(context);
  const parsed = notificationAction.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ error: "Invalid request." }, { status: 400 });
  const db = context.db;
  const form = parsed.data;
  if (form.intent === "read") {
    // Someone else's notification (or one dismissed) is not found: their state stays as it was.
    const found = await markNotificationRead(db, user, form.id);
    return redirect(found ? safeNotificationLink(found.link) : "/admin/notifications");
  }
  if (form.intent === "delete") await deleteNotification(db, user, form.id);
  else await markAllNotificationsRead(db, user);
  // Back to the page the bell was opened on (same site only).
  return redirect(safeNotificationLink(form.returnTo ?? ""));
});

export const meta: Route.MetaFunction = () => [{ title: "Notifications - Admin" }];

export default function Notifications({ loaderData }: Route.ComponentProps) {
  const { notifications, unread } = loaderData;
  return (
    <section className="max-w-3xl">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h1 className="text-2xl font-bold">Notifications</h1>
          <p className="text-sm text-gray-600">{unread} unread</p>
        </div>
        {unread > 0 ? (
          <Form method="post">
            <input type="hidden" name="returnTo" value="/admin/notifications" />
            <button
              type="submit"
              name="intent"
              value="readAll"
              className="flex items-center gap-1.5 rounded-md border border-gray-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-gray-50"
            >
              <CheckCheck className="h-4 w-4" aria-hidden /> Mark all as read
            </button>
          </Form>
        ) : null}
      </div>
      <div className="mt-4 rounded-lg border border-gray-200 bg-white">
        {notifications.length === 0 ? (
          <p className="px-4 py-10 text-center text-gray-500">No notifications</p>
        ) : (
          <ul className="divide-y divide-gray-100">
            {notifications.map((n) => (
              <li key={n.id} className={`flex items-center gap-2 px-2 ${n.read ? "" : "bg-blue-50/60"}`}>
                <Form method="post" className="min-w-0 flex-1">
                  <input type="hidden" name="id" value={n.id} />
                  <button
                    type="submit"
                    name="intent"
                    value="read"
                    className="block w-full px-2 py-3 text-left"
                  >
                    <span className={`block ${n.read ? "text-gray-600" : "font-medium"}`}>{n.message}</span>
                    <span className="text-xs text-gray-500" suppressHydrationWarning>
                      <span className="capitalize">{n.type}</span> ·{" "}
                      {relativeDate(n.createdAt, { style: "back-office" })}
                      {n.read ? " · read" : " · unread"}
                    </span>
                  </button>
                </Form>
                <Form method="post">
                  <input type="hidden" name="id" value={n.id} />
                  <input type="hidden" name="returnTo" value="/admin/notifications" />
                  <button
                    type="submit"
                    name="intent"
                    value="delete"
                    aria-label={`Delete notification: ${n.message}`}
                    className="rounded p-2 text-gray-400 hover:bg-red-50 hover:text-red-700"
                  >
                    <Trash2 className="h-4 w-4" aria-hidden />
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
