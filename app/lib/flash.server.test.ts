import { describe, expect, test } from "vitest";
import { readToast, redirectWithToast } from "./flash.server";

const cookieOf = (response: Response) => (response.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "";

describe("redirectWithToast", () => {
  test("redirects and carries the toast to the next request, which clears it", async () => {
    const response = await redirectWithToast("/admin/users", { type: "success", title: "User Created!" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/users");
    const next = new Request("http://localhost/admin/users", { headers: { Cookie: cookieOf(response) } });
    const { toast, headers } = await readToast(next);
    expect(toast).toEqual({ type: "success", title: "User Created!" });
    expect(headers?.get("Set-Cookie")).toMatch(/nd_flash=;.*Max-Age=0/);
  });

  test("no cookie, no toast and no header", async () => {
    expect(await readToast(new Request("http://localhost/"))).toEqual({ toast: null, headers: undefined });
  });

  test("a tampered cookie shows nothing but is still cleared", async () => {
    const forged = `nd_flash=${btoa(encodeURIComponent(JSON.stringify({ type: "evil", title: 1 })))}`;
    const { toast, headers } = await readToast(
      new Request("http://localhost/", { headers: { Cookie: forged } }),
    );
    expect(toast).toBeNull();
    expect(headers?.get("Set-Cookie")).toContain("nd_flash=");
  });
});
