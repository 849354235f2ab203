import { expect, test } from "vitest";
import { siteOrigin } from "./site-origin.server";

const request = new Request("http://127.0.0.1:3000/article/a-1?x=1");
const PUBLIC_URL = { publicUrl: "https://public.example.com", allowedHosts: [], port: 3000 };
const NO_PUBLIC_URL = { publicUrl: undefined, allowedHosts: [], port: 3000 };

test("the Site URL of the settings comes first, without its trailing slash", () => {
  expect(siteOrigin({ siteUrl: "https://news.example.com/" }, request, PUBLIC_URL)).toBe(
    "https://news.example.com",
  );
  expect(siteOrigin({ siteUrl: "  http://news.example.com//  " }, request, NO_PUBLIC_URL)).toBe(
    "http://news.example.com",
  );
});

test("then PUBLIC_URL", () => {
  expect(siteOrigin({ siteUrl: "" }, request, PUBLIC_URL)).toBe("https://public.example.com");
  expect(siteOrigin({ siteUrl: "   " }, request, PUBLIC_URL)).toBe("https://public.example.com");
});

test("then the origin the request came to, when its host is this machine or an allowed one", () => {
  expect(siteOrigin({ siteUrl: "" }, request, NO_PUBLIC_URL)).toBe("http://127.0.0.1:3000");
  const allowed = { ...NO_PUBLIC_URL, allowedHosts: ["news.example.com"] };
  expect(siteOrigin({ siteUrl: "" }, new Request("https://NEWS.example.com/x"), allowed)).toBe(
    "https://news.example.com",
  );
});

test("never an unchecked Host: links point at this machine instead", () => {
  const poisoned = new Request("http://evil.example/article/a-1");
  expect(siteOrigin({ siteUrl: "" }, poisoned, NO_PUBLIC_URL)).toBe("http://localhost:3000");
  const allowed = { ...NO_PUBLIC_URL, allowedHosts: ["news.example.com"] };
  expect(siteOrigin({ siteUrl: "" }, poisoned, allowed)).toBe("http://localhost:3000");
  expect(siteOrigin({ siteUrl: "" }, new Request("http://news.example.com.evil.example/"), allowed)).toBe(
    "http://localhost:3000",
  );
});

test("a Site URL that is not an http(s) address is passed over", () => {
  expect(siteOrigin({ siteUrl: "news.example.com" }, request, PUBLIC_URL)).toBe("https://public.example.com");
  expect(siteOrigin({ siteUrl: "javascript:alert(1)" }, request, NO_PUBLIC_URL)).toBe(
    "http://127.0.0.1:3000",
  );
});

test("without an explicit configuration it reads PUBLIC_URL from the server's configuration", () => {
  // The test run sets no PUBLIC_URL: the request's origin answers.
  expect(siteOrigin({ siteUrl: "" }, request)).toBe("http://127.0.0.1:3000");
});
