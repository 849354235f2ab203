import { describe, expect, test } from "vitest";
import { createTestDatabase } from "#test-support/test-database";
import { isUniqueViolation, sqlStateOf, SQLSTATE } from "./errors";

describe("sqlStateOf", () => {
  test("reads the driver's code, directly or from the error Drizzle wraps it in", () => {
    const driverError = Object.assign(new Error("duplicate key value violates unique constraint"), {
      code: "23505",
    });
    expect(sqlStateOf(driverError)).toBe("23505");
    expect(sqlStateOf(new Error("Failed query", { cause: driverError }))).toBe("23505");
  });

  test("anything that is not a database error has none, whatever its text says", () => {
    expect(sqlStateOf(new Error("duplicate key value violates unique constraint"))).toBeUndefined();
    // Node's system errors carry a code too, but not a SQLSTATE.
    expect(sqlStateOf(Object.assign(new Error("no space"), { code: "ENOSPC" }))).toBeUndefined();
    expect(sqlStateOf(null)).toBeUndefined();
    expect(sqlStateOf("23505")).toBeUndefined();
  });
});

test("a real duplicate on PGlite is a unique violation; another failure is not", async () => {
  const database = await createTestDatabase();
  try {
    await database.db.execute("CREATE TABLE t (k text UNIQUE)");
    await database.db.execute("INSERT INTO t VALUES ('a')");
    const duplicate = await database.db.execute("INSERT INTO t VALUES ('a')").catch((e: unknown) => e);
    expect(isUniqueViolation(duplicate)).toBe(true);
    const missing = await database.db.execute("SELECT * FROM no_such_table").catch((e: unknown) => e);
    expect(sqlStateOf(missing)).toBe("42P01");
    expect(isUniqueViolation(missing)).toBe(false);
    expect(SQLSTATE.uniqueViolation).toBe("23505");
  } finally {
    await database.destroy();
  }
});
