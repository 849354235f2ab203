import { openDatabase } from "#app/db/client.server";
import { searchArticles } from "#app/domain/articles/search.server";
const database = await openDatabase({ dataDir: "/work/bench-100k" });
const db = database.db as any;
const client = db.$client;
const wrap = (c: any) => { const q = c.query.bind(c); c.query = async (...args: any[]) => { const t = performance.now(); const r = await q(...args); const ms = performance.now() - t; if ((globalThis as any).log && ms > 3) console.log(ms.toFixed(1).padStart(7), String(typeof args[0] === "string" ? args[0] : args[0].text).replace(/\s+/g, " ").slice(0, 600)); return r; }; };
wrap(client);

client.on("connect", (c: any) => wrap(c));
for (const [lang, q] of [["en", "cocoa"], ["tw", "kɔkɔɔ nsɛm"], ["en", "harmattan"]] as const) {
  await searchArticles(db, lang, q);
  (globalThis as any).log = true;
  console.log("---", lang, q);
  const t = performance.now(); await searchArticles(db, lang, q); console.log("total", (performance.now() - t).toFixed(1));
  (globalThis as any).log = false;
}
await database.close();
