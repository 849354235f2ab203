import { Menu } from "lucide-react";
import { useEffect, useRef } from "react";
import { isRouteErrorResponse, Link, Outlet, useLocation, useNavigation } from "react-router";
import { requireAdminPath } from "#app/auth/guard.server";
import { can } from "#app/auth/permissions";
import { navFor } from "#app/components/admin/nav";
import { NotificationBell } from "#app/components/admin/notification-bell";
import { SideMenu } from "#app/components/admin/side-menu";
import { UserMenu } from "#app/components/admin/user-menu";
import { useToast } from "#app/components/ui/toast";
import { listNotifications, unreadNotificationCount } from "#app/domain/notifications/notifications.server";
import { takeLegacyRoleAnnouncement } from "#app/domain/users/legacy-roles.server";
import { withDomainErrors } from "#app/lib/http-errors.server";
import type { Route } from "./+types/layout";

/**
 * Every back-office page passes through here: signed in, enabled, and holding the permission that the
 * path needs. Child loaders and actions check their own permission too (they run without this one).
 */
export const loader = withDomainErrors(async ({ request, context }: Route.LoaderArgs) => {
  const user = await requireAdminPath(context, request);
  const db = context.db;
  // The spec's 'Roles Updated' toast: the first admin in after a legacy role migration hears of it once.
  const migratedRoles = user.role === "admin" ? await takeLegacyRoleAnnouncement(db, user) : 0;
  // The bell shows this person's list: what their role can open, with their own read state.
  const notifications = await listNotifications(db, user);
  const unread = await unreadNotificationCount(db, user);
  return {
    user: { name: user.name, email: user.email, role: user.role },
    notifications: notifications.map(({ id, type, message, read, createdAt }) => ({
      id,
      type,
      message,
      read,
      createdAt,
    })),
    unread,
    migratedRoles,
  };
});

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];

/** Back-office pages are personal: no browser or shared cache keeps them (children export no headers). */
export const headers = () => ({ "Cache-Control": "private, no-store" });

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { user, notifications, unread, migratedRoles } = loaderData;
  const nav = navFor(user.role);
  const { showToast } = useToast();
  const mobileMenu = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  const navigation = useNavigation();
  // The spec's loading texts while a user record or the settings load on the client.
  const loadingPath = navigation.state === "loading" ? navigation.location.pathname : "";
  const loadingText = loadingPath.startsWith("/admin/users/edit/")
    ? "Loading user..."
    : loadingPath === "/admin/settings"
      ? "Loading settings..."
      : null;

  useEffect(() => {
    if (migratedRoles > 0) {
      showToast({
        type: "info",
        title: "Roles Updated",
        message: `Migrated ${migratedRoles} user${migratedRoles === 1 ? "" : "s"} to writer.`,
      });
    }
  }, [migratedRoles, showToast]);
  useEffect(() => {
    if (mobileMenu.current) mobileMenu.current.open = false;
  }, [location.key]);

  return (
    <div className="min-h-screen bg-gray-100 text-gray-900 md:flex">
      <aside className="hidden bg-gray-900 text-gray-100 md:sticky md:top-0 md:flex md:h-screen md:w-56 md:shrink-0 md:flex-col">
        <Link to="/admin/dashboard" className="block px-5 py-4 font-serif text-xl font-bold text-white">
          Admin
        </Link>
        <SideMenu items={nav} />
      </aside>
      <div className="min-w-0 flex-1">
        <header className="sticky top-0 z-30 flex items-center gap-2 border-b border-gray-200 bg-white px-3 py-2 md:px-6">
          {/* On a phone the side menu collapses behind this button (a <details>: no JavaScript needed). */}
          <details ref={mobileMenu} className="md:hidden">
            <summary className="flex cursor-pointer list-none items-center gap-2 rounded p-2 text-gray-700 hover:bg-gray-100 [&::-webkit-details-marker]:hidden">
              <Menu className="h-5 w-5" aria-hidden />
              <span className="sr-only">Menu</span>
            </summary>
            <div className="absolute inset-x-0 top-full z-40 flex max-h-[calc(100vh-3.5rem)] flex-col overflow-y-auto bg-gray-900 text-gray-100 shadow-lg">
              <SideMenu items={nav} />
            </div>
          </details>
          <Link to="/admin/dashboard" className="font-serif text-lg font-bold text-brand-700 md:hidden">
            Admin
          </Link>
          <div className="ml-auto flex items-center gap-1">
            <NotificationBell items={notifications} unread={unread} />
            <UserMenu name={user.name} role={user.role} canSeeSettings={can(user.role, "settings", "view")} />
          </div>
        </header>
        <main className="mx-auto max-w-7xl p-3 md:p-6">
          {loadingText ? (
            <p role="status" className="mb-3 rounded-md bg-blue-50 px-3 py-2 text-sm text-blue-900">
              {loadingText}
            </p>
          ) : null}
          <Outlet />
        </main>
      </div>
    </div>
  );
}

/** 'Access Denied' and 'Account Disabled' (403) render here, inside a plain back-office frame. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  let title = "Something went wrong";
  let message = "An unexpected error occurred. Please try again later.";
  if (isRouteErrorResponse(error)) {
    const payload = error.data as { title?: string; message?: string } | undefined;
    if (error.status === 404) {
      title = "Page not found";
      message = "The page you are looking for does not exist.";
    }
    if (payload?.title) title = payload.title;
    if (payload?.message) message = payload.message;
  }
  return (
    <main className="flex min-h-screen items-center justify-center bg-gray-100 px-4">
      <div role="alert" className="w-full max-w-md rounded-lg bg-white p-8 text-center shadow">
        <h1 className="font-serif text-2xl font-bold text-red-700">{title}</h1>
        <p className="mt-2 text-gray-700">{message}</p>
        <div className="mt-6 flex justify-center gap-3 text-sm">
          <Link to="/admin/dashboard" className="rounded-md bg-brand-700 px-4 py-2 font-medium text-white">
            Back to Dashboard
          </Link>
          <Link reloadDocument to="/" className="rounded-md border border-gray-300 px-4 py-2 font-medium">
            View Site
          </Link>
        </div>
      </div>
    </main>
  );
}
