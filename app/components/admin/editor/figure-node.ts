/**
 * A body image with a caption: `<figure><img src alt><figcaption>caption — credit</figcaption></figure>`.
 * One atom node (the caption is edited in the image dialog, not inline), so the editor can never leave
 * a figure without its image or a caption outside its figure. The sanitiser (app/lib/sanitize.server.ts)
 * keeps figure and figcaption without attributes; reader pages style them (app/styles/theme.css, .prose-article).
 */
import { Node } from "@tiptap/core";

export interface FigureAttributes {
  src: string;
  alt: string;
  caption: string;
}

export const Figure = Node.create({
  name: "figure",
  group: "block",
  atom: true,
  draggable: true,
  selectable: true,

  addAttributes() {
    // Kept out of the generic rendering: they become the <img>'s and <figcaption>'s, not the <figure>'s.
    return {
      src: { default: "", rendered: false },
      alt: { default: "", rendered: false },
      caption: { default: "", rendered: false },
    };
  },

  parseHTML() {
    return [
      {
        tag: "figure",
        getAttrs: (element) => {
          const image = element.querySelector("img");
          const src = image?.getAttribute("src");
          if (!src) return false;
          return {
            src,
            alt: image?.getAttribute("alt") ?? "",
            caption: element.querySelector("figcaption")?.textContent?.trim() ?? "",
          };
        },
      },
    ];
  },

  renderHTML({ node }) {
    const { src, alt, caption } = node.attrs as FigureAttributes;
    const image = ["img", { src, alt }] as const;
    return caption ? ["figure", {}, image, ["figcaption", {}, caption]] : ["figure", {}, image];
  },
});
