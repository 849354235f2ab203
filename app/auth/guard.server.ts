/**
 * Guards for loaders and actions. Every back-office loader and action starts with requireUser or
 * requirePermission: the server refuses, whatever the page shows. A signed-out visitor is redirected
 * to the sign-in page; a refusal is a DomainError ('forbidden') that withDomainErrors answers with 403.
 */
import { redirect, type AppLoadContext } from "react-router";
import { forbidden } from "#app/lib/errors";
import type { CurrentUser } from "./current-user.server";
import { AUTH_TEXT } from "./messages";
import { isTwoFactorEnabled, twoFactorRequired } from "./two-factor.server";
import { can, permissionForAdminPath, type Area, type Action } from "./permissions";

export type { CurrentUser } from "./current-user.server";

export function accountDisabled(): never {
  throw forbidden(AUTH_TEXT.accountDisabled, { title: AUTH_TEXT.accountDisabledTitle });
}

export function accessDenied(): never {
  throw forbidden(AUTH_TEXT.accessDenied, { title: AUTH_TEXT.accessDeniedTitle });
}

/**
 * A signed-in, enabled account; otherwise the sign-in redirect or 'Account Disabled' (403). The user
 * comes from the request's context (read once per request), so a guard runs no query of its own.
 */
export async function requireUser(
  context: AppLoadContext,
  options: { settingUpTwoFactor?: boolean } = {},
): Promise<CurrentUser> {
  const user = await context.currentUser();
  if (!user) throw redirect("/admin/login");
  if (user.status !== "active") accountDisabled();
  if (!options.settingUpTwoFactor && (await mustSetUpTwoFactor(context, user)))
    throw redirect(TWO_FACTOR_SETUP_PATH);
  return user;
}

/** Where an admin or editor goes first when the site requires two-factor sign-in and they have none. */
export const TWO_FACTOR_SETUP_PATH = "/admin/profile/two-factor";

/**
 * Settings → Advanced can require two-factor sign-in of admins and editors: until they have set it up,
 * the set-up page is the only back-office page they reach (and no action of another page runs).
 */
async function mustSetUpTwoFactor(context: AppLoadContext, user: CurrentUser): Promise<boolean> {
  if (user.role !== "admin" && user.role !== "editor") return false;
  if (!(await twoFactorRequired(context.db))) return false;
  return !(await isTwoFactorEnabled(context.db, user.id));
}

/** requireUser plus the matrix; a missing permission is 'Access Denied' (403). */
export async function requirePermission<A extends Area>(context: AppLoadContext, area: A, action: Action<A>) {
  const user = await requireUser(context);
  if (!can(user.role, area, action)) accessDenied();
  return user;
}

export const userCan = (user: CurrentUser, area: Area, action: string) => can(user.role, area, action);

/** The permission a back-office path needs (permissions.ts), checked for the signed-in user. */
export async function requireAdminPath(context: AppLoadContext, request: Request): Promise<CurrentUser> {
  const pathname = new URL(request.url).pathname.toLowerCase().replace(/\/+$/, "");
  const user = await requireUser(context, { settingUpTwoFactor: pathname === TWO_FACTOR_SETUP_PATH });
  const needed = permissionForAdminPath(new URL(request.url).pathname);
  if (needed && !can(user.role, needed.area, needed.action)) accessDenied();
  return user;
}
