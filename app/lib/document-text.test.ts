import { describe, expect, test } from "vitest";
import { documentResponse, documentTextOf } from "./document-text";

describe("a document's text beside its response", () => {
  test("the server takes the text; anyone else reads the same body", async () => {
    const response = documentResponse("<p>Akwaaba ✓</p>", { status: 404, headers: { "X-Test": "1" } });
    expect(documentTextOf(response)).toBe("<p>Akwaaba ✓</p>");
    expect(response.status).toBe(404);
    expect(response.headers.get("X-Test")).toBe("1");
    expect(await response.text()).toBe("<p>Akwaaba ✓</p>");
  });

  test("the body is not encoded until it is read", async () => {
    const encode = TextEncoder.prototype.encode;
    let encoded = 0;
    TextEncoder.prototype.encode = function (this: TextEncoder, ...args) {
      encoded++;
      return encode.apply(this, args);
    };
    try {
      const response = documentResponse("x".repeat(50_000), { status: 200 });
      await new Promise((resolve) => setTimeout(resolve, 5));
      expect(encoded).toBe(0);
      await response.body?.cancel();
      expect(encoded).toBe(0);
    } finally {
      TextEncoder.prototype.encode = encode;
    }
  });

  test("any other response carries no text", () => {
    expect(documentTextOf(new Response("plain"))).toBeNull();
  });
});
