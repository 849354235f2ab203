import { createCookie } from "react-router";
import { describe, expect, test } from "vitest";
import { readCookie } from "./cookie-header";

describe("readCookie", () => {
  test("finds a cookie in every header exactly where React Router's cookies find it", async () => {
    const cookie = createCookie("nd_session");
    const value = (await cookie.serialize("token-123")).split(";")[0]!.split("=")[1]!;
    const headers = [
      `nd_session=${value}`,
      `nd_session =${value}`,
      `nd_session\t= ${value} `,
      ` theme=dark;nd_session=${value}`,
      `xnd_session=${value}`,
      `nd_session_x=${value}`,
      `nd_session; other=${value}`,
      `nd_session=${value}; nd_session=other`,
      `Nd_Session=${value}`,
      "",
    ];
    for (const header of headers) {
      const raw = readCookie(header, "nd_session");
      const ours = raw === undefined ? null : await cookie.parse(`nd_session=${raw}`);
      expect(ours, header).toEqual(await cookie.parse(header));
    }
  });
});
