/**
 * Guards for loaders and actions. Every back-office loader and action starts with requireUser or
 * requirePermission: the server refuses, whatever the page shows. A signed-out visitor is redirected
 * to the sign-in page; a refusal is a DomainError ('forbidden') that withDomainErrors answers with 403.
 */
import { redirect, type AppLoadContext } from "react-router";
import { forbidden } from "#app/lib/errors";
import type { CurrentUser } from "./current-user.server";
import { AUTH_TEXT } from "./messages";
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
export async function requireUser(context: AppLoadContext): Promise<CurrentUser> {
  const user = await context.currentUser();
  if (!user) throw redirect("/admin/login");
  if (user.status !== "active") accountDisabled();
  return user;
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
  const user = await requireUser(context);
  const needed = permissionForAdminPath(new URL(request.url).pathname);
  if (needed && !can(user.role, needed.area, needed.action)) accessDenied();
  return user;
}
