/**
 * Profile: a change the domain refuses is told on the form with its own status and text, never as the
 * generic 500 that is kept for failures nobody foresaw.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { users } from "#app/db/schema";
import { createTestDatabase, type TestDatabase } from "#test-support/test-database";
import { USER_TEXT } from "#app/domain/users/users.server";
import * as profileRoute from "./profile";
import { args, makeUser, outcome, postRequest, sessionCookieFor } from "#test-support/route-calls";
import type { Route } from "./+types/profile";
import { captureLogEvents } from "#test-support/logs";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase("pglite");
});
afterAll(async () => {
  await database.destroy();
});

test("a profile change refused by the domain (the account removed meanwhile) shows the refusal with 404, not a 500", async () => {
  const errors = captureLogEvents();
  const user = await makeUser("gone@example.com", "writer");
  const request = postRequest(
    "/admin/profile",
    { intent: "profile", name: "Still Here", bio: "", website: "", location: "" },
    await sessionCookieFor(user.id),
  );
  const call = args<Route.ActionArgs>(request);
  // The request has read its user; an admin deletes the account before the change is written.
  expect(await call.context.currentUser()).toMatchObject({ id: user.id });
  await database.db.delete(users).where(eq(users.id, user.id));

  const answer = await outcome(() => profileRoute.action(call));
  expect(answer.status).toBe(404);
  expect(answer.body).toMatchObject({ form: "profile", errors: { form: { title: USER_TEXT.notFound } } });
  // An expected refusal is not an incident: nothing is logged as a failure.
  errors.stop();
  expect(errors.events).toEqual([]);
});
