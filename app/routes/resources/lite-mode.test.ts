/**
 * POST /lite: the reader's lite choice is remembered in a cookie and they go back to the page the form
 * was on, a page of this site only (decision record 019). Nothing here reads the database.
 */
import { describe, expect, test } from "vitest";
import { action, loader } from "./lite-mode";
import type { Route } from "./+types/lite-mode";

const SITE = "http://localhost";

async function choose(lite: "on" | "off", referer?: string) {
  const body = new FormData();
  body.set("lite", lite);
  const request = new Request(`${SITE}/lite`, {
    method: "POST",
    body,
    headers: referer ? { Referer: referer } : {},
  });
  const args = { request, params: {}, context: {}, unstable_pattern: "" } as unknown as Route.ActionArgs;
  const response = (await action(args)) as Response;
  return {
    status: response.status,
    location: response.headers.get("Location"),
    cookie: response.headers.get("Set-Cookie"),
  };
}

describe("the lite switch", () => {
  test("Lite on: remembered a year, back to the page the reader was on", async () => {
    const answer = await choose("on", `${SITE}/article/cocoa-harvest?page=2`);
    expect(answer.status).toBe(303);
    expect(answer.location).toBe("/article/cocoa-harvest?page=2");
    expect(answer.cookie).toMatch(/^nd_lite=on; Path=\/; Max-Age=31536000; SameSite=Lax; HttpOnly/);
  });

  test("the full site chosen (photos shown), which also overrides the browser's Save-Data", async () => {
    const answer = await choose("off", `${SITE}/`);
    expect(answer.location).toBe("/");
    expect(answer.cookie).toMatch(/^nd_lite=off;/);
  });

  test("never sent to another site: a foreign or missing Referer leads home", async () => {
    expect((await choose("on", "https://evil.example/phish")).location).toBe("/");
    expect((await choose("on", `${SITE}//evil.example/`)).location).toBe("/");
    expect((await choose("on")).location).toBe("/");
  });

  test("a GET leads home", async () => {
    const args = {
      request: new Request(`${SITE}/lite`),
      params: {},
      context: {},
    } as unknown as Route.LoaderArgs;
    const response = await loader(args).catch((thrown: unknown) => thrown);
    expect((response as Response).headers.get("Location")).toBe("/");
  });
});
