/**
 * The permission matrix of the spec (section 6), the one place that says what a role may do.
 * Used by the UI to show or hide and by the server to allow or refuse. Unknown area, unknown action
 * or no role: denied. Areas and actions are types taken from the matrix, so a misspelt one does not
 * compile (`permissions.test.ts` proves it with `@ts-expect-error`); the run-time refusal stays for
 * names that come from outside the code.
 */
import { USER_ROLES, type UserRole } from "#app/lib/enums";

export const PERMISSIONS = {
  dashboard: { view: ["admin", "editor", "writer"] },
  articles: {
    viewAll: ["admin", "editor"],
    editAll: ["admin", "editor"],
    deleteAll: ["admin", "editor"],
    publish: ["admin", "editor"],
    create: ["admin", "editor", "writer"],
  },
  // Live coverage (decision record 016): editors and admins start and end it, pin, edit, delete and review
  // updates; a writer posts updates to their own live stories (reviewed, on a published story, unless
  // an editor lets them post directly).
  live: { run: ["admin", "editor"], post: ["admin", "editor", "writer"] },
  categories: { view: ["admin", "editor", "writer"], manage: ["admin", "editor"] },
  comments: { view: ["admin", "editor"], moderate: ["admin", "editor"] },
  // Readers' contact messages (the inbox is for admins and editors).
  messages: { view: ["admin", "editor"], manage: ["admin", "editor"] },
  // Newsletter subscribers (decision record 007): readers' addresses, so not for writers.
  subscribers: { view: ["admin", "editor"], manage: ["admin", "editor"] },
  // Newsletter issues (decision record 018): composed, previewed, sent and paused by admins and editors; an
  // issue goes to every reader who subscribed, so it is not a writer's to send.
  newsletter: { view: ["admin", "editor"], send: ["admin", "editor"] },
  users: { view: ["admin"], manage: ["admin"] },
  // Reader accounts (decision record 021): who signed up and who holds a pass, for admins and editors; the
  // money (revenue figures, payments, refunds) for admins only.
  members: { view: ["admin", "editor"] },
  revenue: { view: ["admin"], refund: ["admin"] },
  media: {
    view: ["admin", "editor", "writer"],
    upload: ["admin", "editor", "writer"],
    delete: ["admin", "editor"],
  },
  settings: { view: ["admin"], manage: ["admin"] },
  plugins: { view: ["admin", "editor"], manage: ["admin"] },
  // Not a right but a duty, kept here so the rule has one home: the roles that Settings → Advanced's
  // "require two-factor sign-in" holds to it. The guard keeps them on the set-up page until it is on
  // (guard.server.ts), and they cannot turn it off while the site requires it (profile.two-factor.tsx).
  twoFactor: { required: ["admin", "editor"] },
} as const satisfies Record<string, Record<string, readonly UserRole[]>>;

export type Area = keyof typeof PERMISSIONS;
/** The actions of an area; of every area when `A` is a union (an area read from data). */
export type Action<A extends Area = Area> = A extends Area ? keyof (typeof PERMISSIONS)[A] & string : never;
/** One cell's name as data (the side menu, the dashboard's buttons, a path's need): an area and its own action. */
export type Permission = { [A in Area]: { area: A; action: Action<A> } }[Area];

export const ROLE_LABELS: Record<UserRole, string> = {
  admin: "Administrator",
  editor: "Editor",
  writer: "Writer",
};

/** A role from any source: none is the spec's default, writer; a value outside the matrix (say, an old "author") is no role. */
export function normalizeRole(role: string | null | undefined): UserRole | null {
  if (role === undefined || role === null || role === "") return "writer";
  return (USER_ROLES as readonly string[]).includes(role) ? (role as UserRole) : null;
}

export function can<A extends Area>(role: string | null | undefined, area: A, action: Action<A>): boolean {
  if (!role) return false;
  // Own keys only: an inherited name such as "constructor" is not an area (and would not be a list).
  if (!Object.hasOwn(PERMISSIONS, area)) return false;
  const byAction = (PERMISSIONS as Record<string, Record<string, readonly string[]> | undefined>)[area];
  if (!byAction || !Object.hasOwn(byAction, action)) return false;
  return byAction[action]?.includes(role) ?? false;
}

/** Whether the site's "require two-factor sign-in" setting holds this role to it. */
export const isHeldToTwoFactor = (role: string | null | undefined) => can(role, "twoFactor", "required");

/**
 * What each back-office path needs. The first matching prefix wins; anything else under /admin needs
 * the dashboard. `null` means a signed-in, enabled account is enough (profile).
 */
const ADMIN_PATH_PERMISSIONS: Array<[prefix: string, permission: Permission | null]> = [
  ["/admin/profile", null],
  ["/admin/users/add", { area: "users", action: "manage" }],
  ["/admin/users/edit", { area: "users", action: "manage" }],
  ["/admin/users", { area: "users", action: "view" }],
  // Decision record 022: only those who change the settings manage editions (the screen is all changes).
  ["/admin/settings/editions", { area: "settings", action: "manage" }],
  ["/admin/settings", { area: "settings", action: "view" }],
  ["/admin/ads", { area: "settings", action: "view" }],
  ["/admin/code", { area: "plugins", action: "view" }],
  ["/admin/comments", { area: "comments", action: "view" }],
  ["/admin/messages", { area: "messages", action: "view" }],
  ["/admin/subscribers", { area: "subscribers", action: "view" }],
  ["/admin/newsletter", { area: "newsletter", action: "view" }],
  ["/admin/members", { area: "members", action: "view" }],
  ["/admin/revenue", { area: "revenue", action: "view" }],
  ["/admin/revenue.csv", { area: "revenue", action: "view" }],
  ["/admin/categories/add", { area: "categories", action: "manage" }],
  ["/admin/categories/edit", { area: "categories", action: "manage" }],
  ["/admin/categories", { area: "categories", action: "view" }],
  ["/admin/articles", { area: "articles", action: "create" }],
  ["/admin/media", { area: "media", action: "view" }],
];

export function permissionForAdminPath(pathname: string): Permission | null {
  const path = pathname.replace(/\/+$/, "") || "/";
  for (const [prefix, permission] of ADMIN_PATH_PERMISSIONS) {
    if (path === prefix || path.startsWith(`${prefix}/`)) return permission;
  }
  return { area: "dashboard", action: "view" };
}
