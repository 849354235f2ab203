/**
 * Staff accounts. Deactivating or deleting a user ends their sessions at once; nobody can deactivate,
 * demote or delete the last active admin, nor themselves. Every change writes an activity-log entry.
 *
 * How sessions end: a deleted user's sessions are deleted with the row. A deactivated user's sessions are
 * kept until the account is activated again, because the guard checks the account's status on every
 * request: the very next request is refused with 'Account Disabled' (which a deleted session could not
 * explain). Activation then deletes those old sessions, so none of them comes back to life.
 */
import { and, asc, count, desc, eq, ilike, inArray, ne, notInArray, or, sql, type SQL } from "drizzle-orm";
import { endAccountLinks } from "#app/auth/account-links.server";
import { hashPassword } from "#app/auth/password.server";
import { checkCurrentPassword } from "#app/auth/throttle.server";
import { deleteUserSessions } from "#app/auth/session.server";
import type { Db, DbOrTx } from "#app/db/client.server";
import { isUniqueViolation } from "#app/db/errors";
import { escapeLike } from "#app/db/like";
import { users, type User } from "#app/db/schema";
import { USER_ROLES, type UserRole, type UserStatus } from "#app/lib/enums";
import { ROLE_LABELS } from "#app/auth/permissions";
import { totalPagesFor } from "#app/lib/pagination";
import { logActivity, type Actor } from "#app/domain/activity/activity.server";
import { createNotification } from "#app/domain/notifications/notifications.server";
import { conflict, invalid, notFound } from "#app/lib/errors";
import type { EditUserInput, ProfileInput } from "./user-form";
import { firstRow } from "#app/db/rows";
import { shortSlug } from "#app/domain/articles/slugs.server";
import { siteChanged } from "#app/domain/delivery/site-changes.server";
import { siteRelativeMediaUrls } from "#app/domain/media/stored-urls.server";
import type { Services } from "#app/services.server";

/** What a write of an account takes: the database, and the media store its photo address is kept by. */
type UserServices = Pick<Services, "db" | "media">;

export const USER_TEXT = {
  cannotChangeSelf: "You cannot deactivate, demote or delete your own account.",
  lastAdmin: "The last active administrator cannot be deactivated, demoted or deleted.",
  notFound: "User not found!",
  emailTaken: "This email address is already registered. Please use a different email.",
} as const;

/** The users list shows 50 at a time (spec section 9, "Users and media default list"). */
export const USER_PAGE_SIZE = 50;

interface UserListFilter {
  search?: string;
  role?: UserRole | "";
  status?: UserStatus | "";
  page?: number;
}

/** The roles a search text names, by value or label ("edit", "Administrator"): searching by role. */
function rolesNamedBy(search: string): UserRole[] {
  const text = search.toLowerCase();
  return USER_ROLES.filter((role) => role.includes(text) || ROLE_LABELS[role].toLowerCase().includes(text));
}

/**
 * One page of the users list, newest account first: searched by name, e-mail or role, filtered by role
 * and status. A page past the end is the last page.
 */
export async function listUsers(db: DbOrTx, filter: UserListFilter = {}) {
  const conditions: SQL[] = [];
  if (filter.search) {
    const pattern = `%${escapeLike(filter.search)}%`;
    const roles = rolesNamedBy(filter.search);
    conditions.push(
      or(
        ilike(users.name, pattern),
        ilike(users.email, pattern),
        ...(roles.length > 0 ? [inArray(users.role, roles)] : []),
      )!,
    );
  }
  if (filter.role) conditions.push(eq(users.role, filter.role));
  if (filter.status) conditions.push(eq(users.status, filter.status));
  const where = and(...conditions);
  const { total } = firstRow(await db.select({ total: count() }).from(users).where(where));
  const pageCount = totalPagesFor(total, USER_PAGE_SIZE);
  const page = Math.min(Math.max(1, filter.page ?? 1), pageCount);
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      status: users.status,
      avatarUrl: users.avatarUrl,
      createdAt: users.createdAt,
      lastLoginAt: users.lastLoginAt,
    })
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(USER_PAGE_SIZE)
    .offset((page - 1) * USER_PAGE_SIZE);
  return { rows, total, page, pageCount, pageSize: USER_PAGE_SIZE };
}

/** The list's stat cards, counted by the database in one pass. */
export async function userStats(db: DbOrTx) {
  const n = (condition: SQL) => sql<number>`count(*) filter (where ${condition})::int`;
  const row = firstRow(
    await db
      .select({
        total: count(),
        active: n(eq(users.status, "active")),
        inactive: n(eq(users.status, "inactive")),
        pending: n(eq(users.status, "pending")),
        admins: n(eq(users.role, "admin")),
        editors: n(eq(users.role, "editor")),
        writers: n(eq(users.role, "writer")),
      })
      .from(users),
  );
  return row;
}

export async function getUserById(db: DbOrTx, id: string): Promise<User | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

async function activeAdminsOutside(tx: DbOrTx, excludedIds: string[]) {
  const row = firstRow(
    await tx
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.role, "admin"), eq(users.status, "active"), notInArray(users.id, excludedIds))),
  );
  return row.n;
}

const userNotFound = () => notFound(USER_TEXT.notFound);

const isActiveAdmin = (user: Pick<User, "role" | "status">) =>
  user.role === "admin" && user.status === "active";

/**
 * The guard rails of every change to other accounts: never oneself (for anything that removes access),
 * never the last active admin.
 */
async function assertMayRemoveAccess(tx: DbOrTx, actor: Actor, targets: User[]) {
  if (targets.some((t) => t.id === actor.id)) throw invalid(USER_TEXT.cannotChangeSelf);
  if (
    targets.some(isActiveAdmin) &&
    (await activeAdminsOutside(
      tx,
      targets.map((t) => t.id),
    )) === 0
  ) {
    throw invalid(USER_TEXT.lastAdmin);
  }
}

async function lockUsers(tx: DbOrTx, ids: string[]) {
  return tx.select().from(users).where(inArray(users.id, ids)).orderBy(asc(users.id)).for("update");
}

/** Activates or deactivates an account; a deactivated account's next request is refused (see above). */
export async function setUserStatus(db: Db, actor: Actor, userId: string, status: UserStatus) {
  await db.transaction(async (tx) => {
    const [target] = await lockUsers(tx, [userId]);
    if (!target) throw userNotFound();
    if (status !== "active") await assertMayRemoveAccess(tx, actor, [target]);
    await tx.update(users).set({ status, updatedAt: new Date() }).where(eq(users.id, userId));
    if (status === "active" && target.status !== "active") await deleteUserSessions(tx, userId);
    await logActivity(tx, {
      type: "user",
      actor,
      action: status === "active" ? "activated user" : "deactivated user",
      title: target.name,
      description: target.email,
    });
  });
}

/** Deletes an account (its sessions go with it); articles keep their author name. */
export async function deleteUser(db: Db, actor: Actor, userId: string) {
  await db.transaction(async (tx) => {
    const [target] = await lockUsers(tx, [userId]);
    if (!target) throw userNotFound();
    await assertMayRemoveAccess(tx, actor, [target]);
    await tx.delete(users).where(eq(users.id, userId));
    await logActivity(tx, {
      type: "user",
      actor,
      action: "deleted user",
      title: target.name,
      description: target.email,
    });
  });
}

type BulkUserAction = "activate" | "deactivate" | "delete";

/** A bulk action applies to every chosen account or, when one of them is refused, to none. */
export async function bulkUserAction(
  db: Db,
  actor: Actor,
  ids: string[],
  action: BulkUserAction,
): Promise<number> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return 0;
  return db.transaction(async (tx) => {
    const targets = await lockUsers(tx, unique);
    if (targets.length === 0) throw userNotFound();
    const targetIds = targets.map((t) => t.id);
    if (action !== "activate") await assertMayRemoveAccess(tx, actor, targets);
    if (action === "delete") {
      await tx.delete(users).where(inArray(users.id, targetIds));
    } else {
      const status = action === "activate" ? "active" : "inactive";
      await tx.update(users).set({ status, updatedAt: new Date() }).where(inArray(users.id, targetIds));
      if (status === "active") {
        for (const t of targets) if (t.status !== "active") await deleteUserSessions(tx, t.id);
      }
    }
    const verb = { activate: "activated", deactivate: "deactivated", delete: "deleted" }[action];
    await logActivity(tx, {
      type: "user",
      actor,
      action: `bulk ${verb} users`,
      title: `${targets.length} user${targets.length === 1 ? "" : "s"}`,
      description: targets.map((t) => t.email).join(", "),
    });
    return targets.length;
  });
}

interface NewUser {
  name: string;
  email: string;
  /** Empty for an invited member: no password signs in until they choose one through the e-mailed link. */
  password: string;
  role: UserRole;
  status?: UserStatus;
  bio?: string;
  avatarUrl?: string;
}

/** The address belongs to another account ('conflict' on the email field). */
export const emailTaken = () => conflict(USER_TEXT.emailTaken, { field: "email" });

/**
 * An unused author-page slug (/author/<slug>) from a name, made like the migration's backfill: the name's
 * slug cut to 60 characters, with the start of the id added when someone already has it.
 */
export async function uniqueUserSlug(db: DbOrTx, name: string, userId: string): Promise<string> {
  const base = shortSlug(name, 60, "staff");
  for (const candidate of [base, `${base}-${userId.slice(0, 8).toLowerCase()}`]) {
    const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.slug, candidate)).limit(1);
    if (!taken) return candidate;
  }
  return `${base}-${crypto.randomUUID().slice(0, 8)}`;
}

/** Creates a staff account (password hashed) and tells the newsroom; throws emailTaken() for a registered address. */
export async function createUser({ db, media }: UserServices, input: NewUser, actor: Actor | null) {
  const email = input.email.trim().toLowerCase();
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  return db.transaction(async (tx) => {
    const id = crypto.randomUUID();
    const [created] = await tx
      .insert(users)
      .values({
        id,
        slug: await uniqueUserSlug(tx, input.name.trim(), id),
        name: input.name.trim(),
        email,
        passwordHash,
        role: input.role,
        status: input.status ?? "active",
        bio: input.bio ?? "",
        avatarUrl: (await siteRelativeMediaUrls(tx, media, [input.avatarUrl ?? ""] as const))[0],
      })
      .onConflictDoNothing({ target: users.email })
      .returning();
    if (!created) throw emailTaken();
    await createNotification(tx, {
      type: "user",
      message: `New user: ${created.name} (${created.role})`,
      link: `/admin/users/edit/${created.id}`,
    });
    await logActivity(tx, {
      type: "user",
      actor,
      action: "created user",
      title: created.name,
      description: `${created.email} (${created.role})`,
    });
    return created;
  });
}

/**
 * Saves the edit-user form. A change that removes access (demotion from admin, deactivation) follows the
 * same rails as deactivation; a new password (or reactivation) ends the user's old sessions, and a new password or
 * e-mail address ends every e-mailed link of the account.
 */
export async function updateUser(
  { db, media }: UserServices,
  actor: Actor,
  userId: string,
  input: EditUserInput,
) {
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  try {
    const saved = await db.transaction(async (tx) => {
      const [target] = await lockUsers(tx, [userId]);
      if (!target) throw userNotFound();
      const losesAdmin = isActiveAdmin(target) && !isActiveAdmin(input);
      const losesAccess = target.status === "active" && input.status !== "active";
      if (losesAdmin || losesAccess || (target.id === actor.id && input.role !== target.role)) {
        await assertMayRemoveAccess(tx, actor, [target]);
      }
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, input.email), ne(users.id, userId)))
        .limit(1);
      if (taken) throw emailTaken();
      const [updated] = await tx
        .update(users)
        .set({
          name: input.name,
          email: input.email,
          role: input.role,
          status: input.status,
          bio: input.bio,
          avatarUrl: (await siteRelativeMediaUrls(tx, media, [input.avatarUrl] as const))[0],
          ...(passwordHash ? { passwordHash } : {}),
          updatedAt: new Date(),
        })
        .where(eq(users.id, userId))
        .returning();
      if (!updated) throw userNotFound();
      if ((input.status === "active" && target.status !== "active") || passwordHash)
        await deleteUserSessions(tx, userId);
      // An invitation or reset mailed before the change (perhaps to a mistyped address) must not open it.
      if (passwordHash || updated.email !== target.email) await endAccountLinks(tx, userId);
      const changes = [
        target.role !== input.role ? `role ${target.role} → ${input.role}` : "",
        target.status !== input.status ? `status ${target.status} → ${input.status}` : "",
        passwordHash ? "password reset" : "",
      ].filter(Boolean);
      await logActivity(tx, {
        type: "user",
        actor,
        action: "updated user",
        title: updated.name,
        description: [updated.email, ...changes].join("; "),
      });
      return updated;
    });
    // Name, photo and bio show on the person's author page and bylines.
    siteChanged(db, { scope: "everything", reason: "staff member changed" });
    return saved;
  } catch (error) {
    // A race between the check and the write still ends as 'Email Already Exists'.
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

/** The signed-in user's own profile (the email is not part of it: it cannot be changed here). */
export async function updateProfile({ db, media }: UserServices, actor: Actor, input: ProfileInput) {
  const updated = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({
        ...input,
        ...(input.avatarUrl === undefined
          ? {}
          : { avatarUrl: (await siteRelativeMediaUrls(tx, media, [input.avatarUrl] as const))[0] }),
        updatedAt: new Date(),
      })
      .where(eq(users.id, actor.id))
      .returning();
    if (!updated) throw userNotFound();
    await logActivity(tx, {
      type: "user",
      actor: { ...actor, name: updated.name },
      action: "updated profile",
      title: updated.name,
    });
    return updated;
  });
  // The author page, and the bylines that link to it by the name, show what was saved.
  siteChanged(db, { scope: "everything", reason: "staff profile changed" });
  return updated;
}

/**
 * Changes one's own password after checking the current one. Every session of the account ends (the caller
 * starts a fresh one for this browser), so a stolen session does not outlive the change, and so does every
 * e-mailed link of the account. The current password's check is throttled (checkCurrentPassword).
 */
export async function changeOwnPassword(
  db: Db,
  actor: Actor,
  currentPassword: string,
  newPassword: string,
): Promise<"changed" | "wrong" | "locked"> {
  const user = await getUserById(db, actor.id);
  if (!user) return "wrong";
  const check = await checkCurrentPassword(db, actor.id, currentPassword);
  if (check !== "right") return check;
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, actor.id));
    await deleteUserSessions(tx, actor.id);
    await endAccountLinks(tx, actor.id);
    await logActivity(tx, { type: "user", actor, action: "changed password", title: user.name });
  });
  return "changed";
}
