import { describe, expect, test } from "vitest";
import { captionLine, checkImageFile, EDITOR_IMAGE_TEXT } from "./editor-image-rules";

describe("the editor's quick check of an image file", () => {
  test("an image up to 32 MB passes", () => {
    expect(checkImageFile({ type: "image/jpeg", size: 32 * 1024 * 1024 })).toBeNull();
  });
  test("a file over 32 MB is 'File Too Large' with the spec's text", () => {
    expect(checkImageFile({ type: "image/png", size: 33 * 1024 * 1024 })).toEqual({
      title: "File Too Large",
      message: "Image size must be less than 32MB. Please select a smaller image or compress it.",
    });
  });
  test.each(["application/pdf", "text/plain", "", "image/svg+xml"])("%j is 'Invalid File Type'", (type) => {
    expect(checkImageFile({ type, size: 10 })).toEqual({
      title: EDITOR_IMAGE_TEXT.invalidTypeTitle,
      message: "Please select an image file (JPEG, PNG, GIF, etc.)",
    });
  });
});

test("the line under an image is 'caption — credit', either alone when the other is empty", () => {
  expect(captionLine("Boats at dawn", "Ama Mensah")).toBe("Boats at dawn — Ama Mensah");
  expect(captionLine(" Boats ", "")).toBe("Boats");
  expect(captionLine("", "Ama Mensah")).toBe("Ama Mensah");
});
