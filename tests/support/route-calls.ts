/**
 * Helpers for calling back-office loaders and actions directly in integration tests: a request signed in
 * as a given user (a real session in the test database), and the status of whatever a guard threw.
 */
import type { CurrentUser } from "#app/auth/current-user.server";
import { commitSessionCookie, createSession } from "#app/auth/session.server";
import { createRequestContext } from "#app/auth/current-user.server";
import { currentTestDb } from "#test-support/test-database";
import { readToast } from "#app/lib/flash.server";
import { createUser } from "#app/domain/users/users.server";
import type { Services } from "#app/services.server";
import { testServices } from "./services";

export const BASE = "http://localhost";

export async function makeUser(email: string, role: "admin" | "editor" | "writer", password = "secret12") {
  return createUser(
    testServices(currentTestDb()),
    { name: email.split("@")[0] ?? "", email, password, role },
    null,
  );
}

/** The Cookie header of a fresh session for the user. */
export async function sessionCookieFor(userId: string): Promise<string> {
  const { token } = await createSession(currentTestDb(), userId);
  return (await commitSessionCookie(new Request(BASE), token)).split(";")[0] ?? "";
}

/** An active admin and its session cookie: the viewer that domain calls take, and what its browser sends. */
export async function signedInAdmin(email: string): Promise<{ admin: CurrentUser; adminCookie: string }> {
  const user = await makeUser(email, "admin");
  const admin: CurrentUser = {
    id: user.id,
    email: user.email,
    name: user.name,
    role: "admin",
    status: "active",
    avatarUrl: "",
  };
  return { admin, adminCookie: await sessionCookieFor(user.id) };
}

export function getRequest(path: string, cookie?: string) {
  return new Request(BASE + path, { headers: cookie ? { Cookie: cookie } : {} });
}

export function postRequest(path: string, fields: Record<string, string | string[]>, cookie?: string) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) body.append(key, v);
  }
  return new Request(BASE + path, { method: "POST", body, headers: cookie ? { Cookie: cookie } : {} });
}

/**
 * A route's arguments as the server builds them: the request's context over `services` (the suite's
 * database with a fresh temporary media folder, no e-mail and public push services only, unless the
 * test built its own with tests/support/services.ts) and the user of the request's session cookie.
 */
export const routeArgs = (
  request: Request,
  params: Record<string, string> = {},
  services: Services = testServices(currentTestDb()),
) => ({
  request,
  params,
  context: createRequestContext(services, request.headers.get("Cookie"), "127.0.0.1"),
  unstable_pattern: "",
});

/** Route arguments typed as the route under test expects them (`args<Route.ActionArgs>(request)`). */
export const args = <T>(request: Request, params: Record<string, string> = {}, services?: Services) =>
  routeArgs(request, params, services) as unknown as T;

/** The toast a redirect carries, as the next page would show it. */
export async function toastOf(setCookie: string | null) {
  const cookie = (setCookie ?? "").split(/,(?=\s*nd_)/).find((c) => c.trim().startsWith("nd_flash="));
  const request = new Request(BASE, { headers: { Cookie: ((cookie ?? "").split(";")[0] ?? "").trim() } });
  return (await readToast(request)).toast;
}

export interface Outcome {
  status: number;
  location: string | null;
  setCookie: string | null;
  body: unknown;
}

interface DataWithInit {
  type: "DataWithResponseInit";
  data: unknown;
  init: ResponseInit | null;
}
const isDataWithInit = (value: unknown): value is DataWithInit =>
  typeof value === "object" && value !== null && (value as { type?: string }).type === "DataWithResponseInit";

/** Runs a loader or action and describes the answer, whether returned or thrown (redirects, 403s). */
export async function outcome(run: () => Promise<unknown>): Promise<Outcome> {
  let value: unknown;
  try {
    value = await run();
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) {
    return {
      status: value.status,
      location: value.headers.get("Location"),
      setCookie: value.headers.get("Set-Cookie"),
      body: null,
    };
  }
  if (isDataWithInit(value)) {
    const headers = new Headers(value.init?.headers);
    return {
      status: value.init?.status ?? 200,
      location: headers.get("Location"),
      setCookie: headers.get("Set-Cookie"),
      body: value.data,
    };
  }
  if (value instanceof Error) throw value;
  return { status: 200, location: null, setCookie: null, body: value };
}
