/**
 * Guards for loaders and actions. Every back-office loader and action starts with requireUser or
 * requirePermission: the server refuses, whatever the page shows. A signed-out visitor is redirected
 * to the sign-in page; a refusal is a DomainError ('forbidden') that withDomainErrors answers with 403.
 */
import { redirect } from "react-router";
import { getDb } from "#app/db/client.server";
import type { User } from "#app/db/schema";
import { forbidden } from "#app/lib/errors";
import { AUTH_TEXT } from "./messages";
import type { UserRole } from "#app/lib/enums";
import { can, normalizeRole, permissionForAdminPath, type Area, type Action } from "./permissions";
import { findSessionUser, readSessionToken } from "./session.server";

export interface CurrentUser {
  id: string;
  email: string;
  name: string;
  role: UserRole | null;
  status: User["status"];
  avatarUrl: string;
}

const toCurrentUser = (user: User): CurrentUser => ({
  id: user.id,
  email: user.email,
  name: user.name,
  role: normalizeRole(user.role),
  status: user.status,
  avatarUrl: user.avatarUrl,
});

/** The signed-in user, or null. Does not check the account's status. */
export async function getCurrentUser(request: Request): Promise<CurrentUser | null> {
  const token = await readSessionToken(request);
  if (!token) return null;
  const found = await findSessionUser(await getDb(), token);
  return found ? toCurrentUser(found.user) : null;
}

export function accountDisabled(): never {
  throw forbidden(AUTH_TEXT.accountDisabled, { title: AUTH_TEXT.accountDisabledTitle });
}

export function accessDenied(): never {
  throw forbidden(AUTH_TEXT.accessDenied, { title: AUTH_TEXT.accessDeniedTitle });
}

/** A signed-in, enabled account; otherwise the sign-in redirect or 'Account Disabled' (403). */
export async function requireUser(request: Request): Promise<CurrentUser> {
  const user = await getCurrentUser(request);
  if (!user) throw redirect("/admin/login");
  if (user.status !== "active") accountDisabled();
  return user;
}

/** requireUser plus the matrix; a missing permission is 'Access Denied' (403). */
export async function requirePermission<A extends Area>(request: Request, area: A, action: Action<A>) {
  const user = await requireUser(request);
  if (!can(user.role, area, action)) accessDenied();
  return user;
}

export const userCan = (user: CurrentUser, area: Area, action: string) => can(user.role, area, action);

/** The permission a back-office path needs (permissions.ts), checked for the signed-in user. */
export async function requireAdminPath(request: Request): Promise<CurrentUser> {
  const user = await requireUser(request);
  const needed = permissionForAdminPath(new URL(request.url).pathname);
  if (needed && !can(user.role, needed.area, needed.action)) accessDenied();
  return user;
}
