/**
 * Guards for loaders and actions. Every back-office loader and action starts with requireUser or
 * requirePermission (pages) or requireJsonUser (endpoints the editor calls with fetch): the server
 * refuses, whatever the page shows. Both apply the same rules in the same order (admission): signed in,
 * enabled, two-factor sign-in set up when the site requires it of the role, then the permission.
 * A page's signed-out visitor is redirected to the sign-in page and a held admin or editor to the set-up
 * page; a refusal is a DomainError ('forbidden') that withDomainErrors answers with 403. An endpoint
 * answers each in JSON instead (401/403), since a fetch would follow a redirect and swallow it.
 */
import { redirect, type AppLoadContext } from "react-router";
import { forbidden } from "#app/lib/errors";
import type { CurrentUser } from "./current-user.server";
import { AUTH_TEXT } from "./messages";
import { isTwoFactorEnabled, isTwoFactorRequiredOf } from "./two-factor.server";
import { can, permissionForAdminPath, type Action, type Area } from "./permissions";

export type { CurrentUser } from "./current-user.server";

export function accountDisabled(): never {
  throw forbidden(AUTH_TEXT.accountDisabled, { title: AUTH_TEXT.accountDisabledTitle });
}

export function accessDenied(): never {
  throw forbidden(AUTH_TEXT.accessDenied, { title: AUTH_TEXT.accessDeniedTitle });
}

type Refusal = "signed-out" | "disabled" | "two-factor-setup" | "denied";

/**
 * Whether the request's user may go on, or why not: the one rule of pages and endpoints alike. The user
 * comes from the request's context (read once per request); when the site requires two-factor sign-in,
 * an admin's or editor's request also reads the setting (remembered in memory) and whether they have it
 * set up (one query).
 */
async function admission<A extends Area>(
  context: AppLoadContext,
  options: { settingUpTwoFactor?: boolean; permission?: { area: A; action: Action<A> } } = {},
): Promise<{ user: CurrentUser; refusal: null } | { user: CurrentUser | null; refusal: Refusal }> {
  const user = await context.currentUser();
  if (!user) return { user, refusal: "signed-out" };
  if (user.status !== "active") return { user, refusal: "disabled" };
  if (!options.settingUpTwoFactor && (await mustSetUpTwoFactor(context, user)))
    return { user, refusal: "two-factor-setup" };
  if (options.permission && !can(user.role, options.permission.area, options.permission.action))
    return { user, refusal: "denied" };
  return { user, refusal: null };
}

/**
 * A signed-in, enabled account that is not held on the two-factor set-up page; otherwise the sign-in
 * redirect, 'Account Disabled' (403) or the redirect to the set-up page.
 */
export async function requireUser(
  context: AppLoadContext,
  options: { settingUpTwoFactor?: boolean } = {},
): Promise<CurrentUser> {
  const { user, refusal } = await admission(context, options);
  if (refusal === "signed-out" || !user) throw redirect("/admin/login");
  if (refusal === "disabled") accountDisabled();
  if (refusal === "two-factor-setup") throw redirect(TWO_FACTOR_SETUP_PATH);
  return user;
}

/** The body of a JSON endpoint's refusal; `code` tells the editor's script what to do about it. */
export interface JsonRefusal {
  ok: false;
  code: "signed_out" | "account_disabled" | "two_factor_setup_required" | "access_denied";
  title: string;
  message: string;
  /** Where a held admin or editor sets up two-factor sign-in. */
  setUpAt?: string;
}

const refuseJson = (status: number, body: Omit<JsonRefusal, "ok">): never => {
  throw Response.json({ ok: false, ...body } satisfies JsonRefusal, {
    status,
    headers: { "Cache-Control": "no-store" },
  });
};

/**
 * requirePermission for an endpoint answered in JSON (autosave, the editor's upload and library picker):
 * the same admission, each refusal thrown as a JSON Response (withDomainErrors lets a Response through and
 * React Router sends it as it is). `signedOut` is the endpoint's own text for a 401.
 */
export async function requireJsonUser<A extends Area>(
  context: AppLoadContext,
  area: A,
  action: Action<A>,
  signedOut: { title: string; message: string } = {
    title: AUTH_TEXT.authRequiredTitle,
    message: AUTH_TEXT.authRequired,
  },
): Promise<CurrentUser> {
  const { user, refusal } = await admission(context, { permission: { area, action } });
  if (refusal === "signed-out" || !user) return refuseJson(401, { code: "signed_out", ...signedOut });
  if (refusal === "disabled")
    return refuseJson(403, {
      code: "account_disabled",
      title: AUTH_TEXT.accountDisabledTitle,
      message: AUTH_TEXT.accountDisabled,
    });
  if (refusal === "two-factor-setup")
    return refuseJson(403, {
      code: "two_factor_setup_required",
      title: AUTH_TEXT.twoFactorSetupRequiredTitle,
      message: AUTH_TEXT.twoFactorSetupRequired,
      setUpAt: TWO_FACTOR_SETUP_PATH,
    });
  if (refusal === "denied")
    return refuseJson(403, {
      code: "access_denied",
      title: AUTH_TEXT.accessDeniedTitle,
      message: AUTH_TEXT.accessDenied,
    });
  return user;
}

/** Where an admin or editor goes first when the site requires two-factor sign-in and they have none. */
export const TWO_FACTOR_SETUP_PATH = "/admin/profile/two-factor";

/**
 * Settings → Advanced can require two-factor sign-in of admins and editors: until they have set it up,
 * the set-up page is the only back-office page they reach (and no action of another page runs).
 */
async function mustSetUpTwoFactor(context: AppLoadContext, user: CurrentUser): Promise<boolean> {
  if (!(await isTwoFactorRequiredOf(context.db, user.role))) return false;
  return !(await isTwoFactorEnabled(context.db, user.id));
}

/** requireUser plus the matrix; a missing permission is 'Access Denied' (403). */
export async function requirePermission<A extends Area>(context: AppLoadContext, area: A, action: Action<A>) {
  const user = await requireUser(context);
  if (!can(user.role, area, action)) accessDenied();
  return user;
}

export const userCan = <A extends Area>(user: CurrentUser, area: A, action: Action<A>) =>
  can(user.role, area, action);

/** The permission a back-office path needs (permissions.ts), checked for the signed-in user. */
export async function requireAdminPath(context: AppLoadContext, request: Request): Promise<CurrentUser> {
  const pathname = new URL(request.url).pathname.toLowerCase().replace(/\/+$/, "");
  const user = await requireUser(context, { settingUpTwoFactor: pathname === TWO_FACTOR_SETUP_PATH });
  const needed = permissionForAdminPath(new URL(request.url).pathname);
  if (needed && !can(user.role, needed.area, needed.action)) accessDenied();
  return user;
}
