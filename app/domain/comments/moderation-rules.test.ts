import { describe, expect, test } from "vitest";
import { commentFilterFrom, commentListHref, DEFAULT_COMMENT_FILTER } from "./moderation-rules";

describe("the comment moderation filter", () => {
  test("the screen opens on Pending when no status is asked for", () => {
    expect(DEFAULT_COMMENT_FILTER).toBe("pending");
    expect(commentFilterFrom(null)).toBe("pending");
    expect(commentFilterFrom(undefined)).toBe("pending");
    expect(commentFilterFrom("")).toBe("pending");
  });

  test("All and every status stay reachable; an unknown status falls back to Pending", () => {
    expect(commentFilterFrom("all")).toBe("all");
    for (const status of ["pending", "approved", "rejected", "spam"]) {
      expect(commentFilterFrom(status)).toBe(status);
    }
    expect(commentFilterFrom("deleted")).toBe("pending");
    expect(commentFilterFrom("ALL")).toBe("pending");
  });

  test("links keep 'All' and the other filters across pages, and leave the default out", () => {
    expect(commentListHref({ status: "all", page: 2 })).toBe("?status=all&page=2");
    expect(commentListHref({ status: "pending", page: 2 })).toBe("?page=2");
    expect(commentListHref({ status: "pending" })).toBe("?");
    expect(commentListHref({ status: "spam", articleId: "a1", q: "kojo", page: 3 })).toBe(
      "?status=spam&article=a1&q=kojo&page=3",
    );
    // Read back, every link lands on the filter it was made for.
    for (const status of ["all", "pending", "approved", "rejected", "spam"] as const) {
      const params = new URLSearchParams(commentListHref({ status, page: 2 }));
      expect(commentFilterFrom(params.get("status"))).toBe(status);
    }
  });
});
