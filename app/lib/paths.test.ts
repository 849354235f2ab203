import { expect, test } from "vitest";
import { isBackOfficePath, pagePath } from "./paths";

test.each(["/about", "/ABOUT", "/About/", "/about//", "/%61bout", "/%41BOUT/"])(
  "%j is the page /about, as the router reads it",
  (path) => {
    expect(pagePath(path)).toBe("/about");
  },
);

test("the home page stays '/'; an encoded slash stays inside its segment; a broken escape is kept", () => {
  expect(pagePath("/")).toBe("/");
  expect(pagePath("//")).toBe("/");
  expect(pagePath("/tag/a%2Fb")).toBe("/tag/a%2fb");
  expect(pagePath("/caf%C3%A9")).toBe("/café");
  expect(pagePath("/x/%E0%A4%A")).toBe("/x/%e0%a4%a");
});

test("the back office in any letter case or spelling the router accepts; nothing else", () => {
  for (const path of ["/admin", "/ADMIN/ads", "/Admin/", "/%61dmin/login", "/%41DMIN"])
    expect(isBackOfficePath(path), path).toBe(true);
  for (const path of ["/", "/administration", "/%2Fadmin", "/about/admin"])
    expect(isBackOfficePath(path), path).toBe(false);
});
