import { describe, expect, test } from "vitest";
import { rankTrending, recencyFactor, trendingScore } from "./trending";

const now = new Date(Date.UTC(2026, 5, 1, 12));
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);

describe("trendingScore", () => {
  test("views per hour x recency x popularity boost", () => {
    // 10 h old, 50 views: 5/h x 2 x 1.5 = 15
    expect(trendingScore({ views: 50, createdAt: hoursAgo(10) }, now)).toBeCloseTo(15);
    // 36 h old, 360 views: 10/h x 1.5 x min(1.5, 4.6) = 22.5
    expect(trendingScore({ views: 360, createdAt: hoursAgo(36) }, now)).toBeCloseTo(22.5);
    // 200 h old, 20 views: 0.1/h x 1 x 1.2 = 0.12
    expect(trendingScore({ views: 20, createdAt: hoursAgo(200) }, now)).toBeCloseTo(0.12);
  });
  test("an article younger than an hour counts as one hour old", () => {
    expect(trendingScore({ views: 10, createdAt: hoursAgo(0.1) }, now)).toBeCloseTo(10 * 2 * 1.1);
  });
  test("recency factors", () => {
    expect([12, 24, 30, 48, 60, 72, 100, 168, 169].map(recencyFactor)).toEqual([
      2, 2, 1.5, 1.5, 1.2, 1.2, 1.1, 1.1, 1,
    ]);
  });
});

describe("rankTrending", () => {
  test("ranks by score, ignores articles without views, keeps the limit", () => {
    const list = [
      { id: "old-popular", views: 1000, createdAt: hoursAgo(500) }, // 2/h x 1 x 1.5 = 3
      { id: "fresh", views: 30, createdAt: hoursAgo(2) }, // 15/h x 2 x 1.3 = 39
      { id: "unseen", views: 0, createdAt: hoursAgo(1) },
      { id: "steady", views: 100, createdAt: hoursAgo(30) }, // 3.33 x 1.5 x 1.5 = 7.5
    ];
    expect(rankTrending(list, 5, now).map((a) => a.id)).toEqual(["fresh", "steady", "old-popular"]);
    expect(rankTrending(list, 1, now).map((a) => a.id)).toEqual(["fresh"]);
    expect(rankTrending([{ views: 0, createdAt: now }], 5, now)).toEqual([]);
  });
});
