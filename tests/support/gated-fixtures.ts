/**
 * Rows for tests of gated stories (decision record 021): members, their passes (a payment each, as
 * the payments code would leave them) and stories of each access, inserted directly.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "#app/db/client.server";
import { articles, members, passes, payments } from "#app/db/schema";
import type { ArticleAccess } from "#app/lib/enums";

export async function insertMember(db: DbOrTx, email: string, name = "") {
  const [member] = await db.insert(members).values({ email, name }).returning();
  return member!;
}

/** A paid pass from `startsAt` to `endsAt`; a refunded one ends when refunded, as the refund leaves it. */
export async function insertPass(db: DbOrTx, memberId: string, startsAt: Date, endsAt: Date) {
  const [payment] = await db
    .insert(payments)
    .values({
      reference: `test-${randomUUID()}`,
      memberId,
      kind: "pass",
      plan: "day",
      amount: 200,
      status: "paid",
      provider: "test",
      paidAt: startsAt,
    })
    .returning();
  await db.insert(passes).values({ memberId, paymentId: payment!.id, plan: "day", startsAt, endsAt });
}

/** Marks a story as the given access, as the editor's form saves it. */
export async function setAccess(db: DbOrTx, articleId: string, access: ArticleAccess) {
  await db.update(articles).set({ access }).where(eq(articles.id, articleId));
}
