/**
 * The top bar's bell: unread badge and a dropdown of the signed-in person's latest notifications (what
 * their role can open, with their own read state; "Delete" and "Mark all as read" change their list only).
 * Built on <details> and plain forms, so it opens and every button works without JavaScript; clicking an
 * item posts 'read' and the server answers with a redirect to the item's link.
 */
import { Bell, CheckCheck, Trash2 } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, Link, useLocation } from "react-router";
import { relativeDate } from "#app/lib/dates";

interface BellNotification {
  id: string;
  type: string;
  message: string;
  read: boolean;
  createdAt: Date | string;
}

const NOTIFICATIONS_ACTION = "/admin/notifications";

export function NotificationBell({ items, unread }: { items: BellNotification[]; unread: number }) {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  const returnTo = location.pathname + location.search;
  // Close the dropdown whenever the page changes (a click on an item navigates).
  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [location.key]);
  return (
    <details ref={ref} className="group relative">
      <summary
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : "Notifications"}
        className="relative flex cursor-pointer list-none items-center rounded p-2 text-gray-600 hover:bg-gray-100 [&::-webkit-details-marker]:hidden"
      >
        <Bell className="h-5 w-5" aria-hidden />
        {unread > 0 ? (
          <span
            data-testid="unread-badge"
            className="absolute -top-0.5 -right-0.5 min-w-[1.1rem] rounded-full bg-red-600 px-1 text-center text-[11px] leading-[1.1rem] font-semibold text-white"
          >
            {unread > 99 ? "99+" : unread}
          </span>
        ) : null}
      </summary>
      <div className="absolute right-0 z-40 mt-2 w-[min(22rem,calc(100vw-1.5rem))] rounded-md border border-gray-200 bg-white shadow-lg">
        <div className="flex items-center justify-between border-b border-gray-100 px-3 py-2">
          <span className="text-sm font-semibold">Notifications</span>
          {unread > 0 ? (
            <Form method="post" action={NOTIFICATIONS_ACTION}>
              <input type="hidden" name="returnTo" value={returnTo} />
              <button
                type="submit"
                name="intent"
                value="readAll"
                className="flex items-center gap-1 text-xs text-brand-700 hover:underline"
              >
                <CheckCheck className="h-3.5 w-3.5" aria-hidden /> Mark all as read
              </button>
            </Form>
          ) : null}
        </div>
        {items.length === 0 ? (
          <p className="px-3 py-6 text-center text-sm text-gray-500">No notifications</p>
        ) : (
          <ul className="max-h-96 divide-y divide-gray-100 overflow-y-auto">
            {items.map((n) => (
              <li key={n.id} className={`flex items-start gap-1 ${n.read ? "" : "bg-blue-50/60"}`}>
                <Form method="post" action={NOTIFICATIONS_ACTION} className="min-w-0 flex-1">
                  <input type="hidden" name="id" value={n.id} />
                  <button
                    type="submit"
                    name="intent"
                    value="read"
                    className="block w-full px-3 py-2 text-left hover:bg-gray-50"
                  >
                    <span
                      className={`block text-sm ${n.read ? "text-gray-600" : "font-medium text-gray-900"}`}
                    >
                      {n.message}
                    </span>
                    <span className="block text-xs text-gray-500" suppressHydrationWarning>
                      {n.type} · {relativeDate(n.createdAt, { style: "back-office" })}
                    </span>
                  </button>
                </Form>
                <Form method="post" action={NOTIFICATIONS_ACTION}>
                  <input type="hidden" name="id" value={n.id} />
                  <input type="hidden" name="returnTo" value={returnTo} />
                  <button
                    type="submit"
                    name="intent"
                    value="delete"
                    aria-label={`Delete notification: ${n.message}`}
                    className="m-1 rounded p-1.5 text-gray-400 hover:bg-red-50 hover:text-red-700"
                  >
                    <Trash2 className="h-4 w-4" aria-hidden />
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
        <Link
          to="/admin/notifications"
          className="block border-t border-gray-100 px-3 py-2 text-center text-xs text-brand-700 hover:underline"
        >
          View all notifications
        </Link>
      </div>
    </details>
  );
}
