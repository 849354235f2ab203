/**
 * Every loader and action answers a domain refusal the same way (app/lib/http-errors.server.ts): one
 * left unwrapped would turn 'Access Denied' into a 500, so each route module is checked here.
 */
import { expect, test } from "vitest";
import { answersDomainErrors } from "#app/lib/http-errors.server";

const modules = import.meta.glob<Record<string, unknown>>([
  "./**/*.{ts,tsx}",
  "!./**/*.test.ts",
  "!./**/*.server.ts",
]);

test("the route modules are found", () => {
  expect(Object.keys(modules).length).toBeGreaterThan(30);
});

test.each(Object.keys(modules).sort())(
  "%s: its loader and action run inside withDomainErrors",
  async (path) => {
    const load = modules[path];
    if (!load) throw new Error(`no module for ${path}`);
    const module = await load();
    for (const name of ["loader", "action"] as const) {
      if (name in module) expect(answersDomainErrors(module[name]), `${path} ${name}`).toBe(true);
    }
  },
);
