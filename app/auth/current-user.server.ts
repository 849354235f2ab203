/**
 * Who is asking: the staff member behind a request's session cookie, read once per request into the
 * load context (app/context.ts) so that guards and loaders only look at it.
 */
import type { AppLoadContext } from "react-router";
import type { Db } from "#app/db/client.server";
import type { Services } from "#app/services.server";
import type { User } from "#app/db/schema";
import type { UserRole } from "#app/lib/enums";
import { normalizeRole } from "./permissions";
import { findSessionMember, readMemberToken, type CurrentMember } from "./member-session.server";
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

/** The signed-in user behind a Cookie header, or null (no cookie, unknown or expired session). */
async function findCurrentUser(db: Db, cookieHeader: string | null | undefined): Promise<CurrentUser | null> {
  const token = await readSessionToken(cookieHeader);
  if (!token) return null;
  const found = await findSessionUser(db, token);
  return found ? toCurrentUser(found.user) : null;
}

/**
 * The load context of one request; the server builds it per request (from the services it built once),
 * tests per call.
 */
export function createRequestContext(
  services: Services,
  cookieHeader: string | null | undefined,
  clientIp: string,
): AppLoadContext {
  const { db } = services;
  let currentUser: Promise<CurrentUser | null> | undefined;
  let currentMember: Promise<CurrentMember | null> | undefined;
  const memberToken = readMemberToken(cookieHeader);
  return {
    clientIp,
    services,
    db,
    currentUser: () => (currentUser ??= findCurrentUser(db, cookieHeader)),
    currentMember: () =>
      (currentMember ??= memberToken
        ? findSessionMember(db, memberToken, services.clock.now())
        : Promise.resolve(null)),
  };
}
