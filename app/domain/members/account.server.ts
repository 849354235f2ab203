/**
 * A signed-in reader's own account (decision record 021): what the account page shows, their name, their
 * data to take away, and deleting the account. Every function takes the member the request's `nd_member`
 * session names (`context.currentMember()`), never an id from a form, so a reader reaches only their own.
 *
 * Payments outlive accounts (point 6): the books keep them, with the member and the address removed.
 */
import { asc, desc, eq, or } from "drizzle-orm";
import type { Db, DbOrTx } from "#app/db/client.server";
import { members, memberSignInLinks, meteredReads, passes, payments } from "#app/db/schema";
import {
  forgetOwnAddress,
  subscribeOwnAddress,
  subscriptionOf,
  unsubscribeOwnAddress,
} from "#app/domain/newsletter/own-address.server";
import { passStateAt } from "#app/domain/access/pass-times.server";
import { getSettings } from "#app/domain/settings/settings.server";
import { invalid } from "#app/lib/errors";
import type { CurrentMember } from "#app/auth/member-session.server";
import { confirmsDeletion, MEMBER_TEXT, parseMemberName } from "./member-text";

/** The member's payments: those made signed in, and those made with their (proven) address. */
const paymentsOf = (member: Pick<CurrentMember, "id" | "email">) =>
  or(eq(payments.memberId, member.id), eq(payments.email, member.email));

/** What the account page shows: the member, their passes (newest first) and receipts, their newsletter. */
export async function accountOverview(db: Db, member: CurrentMember, now: Date) {
  const [row] = await db.select().from(members).where(eq(members.id, member.id)).limit(1);
  const passRows = await db
    .select()
    .from(passes)
    .where(eq(passes.memberId, member.id))
    .orderBy(desc(passes.startsAt));
  const paymentRows = await db
    .select()
    .from(payments)
    .where(paymentsOf(member))
    .orderBy(desc(payments.createdAt));
  const settings = await getSettings(db);
  const subscription = await subscriptionOf(db, member.email);
  return {
    email: member.email,
    name: row?.name ?? member.name,
    memberSince: row?.createdAt ?? now,
    passes: passRows.map((pass) => ({
      id: pass.id,
      plan: pass.plan,
      startsAt: pass.startsAt,
      endsAt: pass.endsAt,
      state: passStateAt(pass, now),
    })),
    receipts: paymentRows.map((payment) => ({
      id: payment.id,
      at: payment.paidAt ?? payment.createdAt,
      kind: payment.kind,
      plan: payment.plan,
      amount: payment.amount,
      currency: payment.currency,
      channel: payment.channel,
      status: payment.status,
    })),
    newsletter: {
      available: settings.enableNewsletter,
      subscribed: subscription?.status === "confirmed" || subscription?.status === "pending",
    },
  };
}

/** Changes the name the member goes by. Refuses a name too long ('invalid'). */
export async function renameMember(db: DbOrTx, member: CurrentMember, input: { name: unknown }) {
  const parsed = parseMemberName(input.name);
  if (!parsed.ok) throw invalid(parsed.message, { title: MEMBER_TEXT.invalidTitle });
  await db.update(members).set({ name: parsed.value }).where(eq(members.id, member.id));
  return parsed.value;
}

/** The account page's newsletter choice, for the member's own address. */
export async function setMemberNewsletter(
  db: Db,
  member: CurrentMember,
  input: { subscribe: boolean; ip: string; now: Date },
) {
  if (input.subscribe) await subscribeOwnAddress(db, member.email, input);
  else await unsubscribeOwnAddress(db, member.email, input.now);
}

/** Everything kept about the member, to take away (the Data Protection Act's right of access). */
export async function memberData(db: Db, member: CurrentMember) {
  const [row] = await db.select().from(members).where(eq(members.id, member.id)).limit(1);
  return {
    member: row ?? null,
    passes: await db
      .select()
      .from(passes)
      .where(eq(passes.memberId, member.id))
      .orderBy(asc(passes.startsAt)),
    payments: await db.select().from(payments).where(paymentsOf(member)).orderBy(asc(payments.createdAt)),
    newsletter: await subscriptionOf(db, member.email),
    meteredReads: await db
      .select({ articleId: meteredReads.articleId, month: meteredReads.month, readAt: meteredReads.readAt })
      .from(meteredReads)
      .where(eq(meteredReads.memberId, member.id))
      .orderBy(asc(meteredReads.readAt)),
  };
}

/**
 * Deletes the account: the member row (its sessions, passes and meter go with it), the newsletter
 * subscription of its address and its unused sign-in links; its payments stay, with the member and address removed. Refuses unless
 * the confirmation reads DELETE or the member's address ('invalid').
 */
export async function deleteMemberAccount(db: Db, member: CurrentMember, input: { confirmation: unknown }) {
  if (!confirmsDeletion(input.confirmation, member.email))
    throw invalid(MEMBER_TEXT.deleteRefused, { title: MEMBER_TEXT.invalidTitle });
  await db.transaction(async (tx) => {
    await tx.update(payments).set({ memberId: null, email: "" }).where(paymentsOf(member));
    await forgetOwnAddress(tx, member.email);
    // A link still unused would make the address a member again.
    await tx.delete(memberSignInLinks).where(eq(memberSignInLinks.email, member.email));
    await tx.delete(members).where(eq(members.id, member.id));
  });
}
