import { openDatabase } from "#app/db/client.server";
import { sql } from "drizzle-orm";
const database = await openDatabase({ dataDir: "/work/bench-100k" });
const db = database.db as any;
for (const label of ["tx", "plain", "tx", "plain"]) {
  const times: number[] = [];
  for (let i = 0; i < 30; i++) {
    const t = performance.now();
    if (label === "tx") await db.transaction(async (tx: any) => { await tx.execute(sql`SET LOCAL jit = off`); await tx.execute(sql`select 1`); });
    else await db.execute(sql`select 1`);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  console.log(label, "median", times[15]!.toFixed(2), "p90", times[27]!.toFixed(2));
}
await database.close();
