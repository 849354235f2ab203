import { expect, test } from "vitest";
import { socialLinksFrom } from "./social-links";

const none = {
  facebook: "",
  twitter: "",
  instagram: "",
  youtube: "",
  linkedin: "",
  tiktok: "",
  telegram: "",
  whatsapp: "",
  pinterest: "",
};

test("only networks with a web address become links, in a fixed order", () => {
  const links = socialLinksFrom({
    ...none,
    youtube: " https://youtube.com/@newsdesk ",
    facebook: "https://facebook.com/newsdesk",
    twitter: "javascript:alert(1)",
    instagram: "not a url",
  });
  expect(links.map((l) => [l.name, l.href])).toEqual([
    ["Facebook", "https://facebook.com/newsdesk"],
    ["YouTube", "https://youtube.com/@newsdesk"],
  ]);
  expect(socialLinksFrom(none)).toEqual([]);
});
