/**
 * The "Preview ends here" marker (decision record 021): `<hr data-preview-cut="">`, which the sanitiser
 * keeps as `<hr data-preview-cut />` (app/lib/story-preview.ts). Readers without access to a gated story
 * get the body up to it; readers with access never see it. One per story: placing it again moves it.
 * Parsed before StarterKit's horizontal rule, which would otherwise take every `<hr>`.
 */
import { Node } from "@tiptap/core";

export const PREVIEW_CUT_NODE = "previewCut";

export const PreviewCut = Node.create({
  name: PREVIEW_CUT_NODE,
  group: "block",
  atom: true,
  selectable: true,

  parseHTML() {
    return [{ tag: "hr[data-preview-cut]", priority: 60 }];
  },

  renderHTML() {
    return ["hr", { "data-preview-cut": "" }];
  },
});
