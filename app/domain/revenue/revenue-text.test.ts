import { formatGhs, ghsNumber } from "#app/lib/money";
import { describe, expect, test } from "vitest";
import { channelGroup, channelLabel, daysOf, paymentWhat, revenueRange } from "./revenue-text";

describe("money", () => {
  test.each([
    [0, "GHS 0.00"],
    [5, "GHS 0.05"],
    [200, "GHS 2.00"],
    [123450, "GHS 1,234.50"],
    [100000099, "GHS 1,000,000.99"],
  ])("%i pesewas read %s", (pesewas, text) => {
    expect(formatGhs(pesewas)).toBe(text);
  });

  test("the spreadsheet's plain decimal has no thousands commas", () => {
    expect(ghsNumber(123450)).toBe("1234.50");
    expect(ghsNumber(-250)).toBe("-2.50");
  });
});

describe("channels and what was bought", () => {
  test("mobile money and card are their own groups, anything else is other", () => {
    expect(["mobile_money", "card", "bank", "ussd", ""].map(channelGroup)).toEqual([
      "mobileMoney",
      "card",
      "other",
      "other",
      "other",
    ]);
    expect(["mobile_money", "card", "bank_transfer", ""].map(channelLabel)).toEqual([
      "Mobile money",
      "Card",
      "bank transfer",
      "—",
    ]);
  });

  test("a pass by its plan, a donation as such", () => {
    expect(paymentWhat("pass", "day")).toBe("Day pass");
    expect(paymentWhat("pass", "month")).toBe("Month pass");
    expect(paymentWhat("donation", null)).toBe("Donation");
  });
});

describe("the range of days", () => {
  // 23:30 in Accra on 29 November is already 30 November in Tokyo.
  const now = new Date("2026-11-29T23:30:00Z");

  test("by default the last 30 days up to today on the site's calendar", () => {
    expect(revenueRange({}, "Africa/Accra", now)).toEqual({ from: "2026-10-31", to: "2026-11-29" });
    expect(revenueRange({}, "Asia/Tokyo", now)).toEqual({ from: "2026-11-01", to: "2026-11-30" });
    expect(daysOf(revenueRange({}, "Africa/Accra", now))).toHaveLength(30);
  });

  test("given days are kept; malformed ones fall back; reversed ones are put right; a long one is cut", () => {
    expect(revenueRange({ from: "2026-11-01", to: "2026-11-03" }, "UTC", now)).toEqual({
      from: "2026-11-01",
      to: "2026-11-03",
    });
    expect(revenueRange({ from: "2026-02-30", to: "junk" }, "UTC", now)).toEqual({
      from: "2026-10-31",
      to: "2026-11-29",
    });
    expect(revenueRange({ from: "2026-11-03", to: "2026-11-01" }, "UTC", now)).toEqual({
      from: "2026-11-01",
      to: "2026-11-03",
    });
    expect(revenueRange({ from: "2020-01-01", to: "2026-11-29" }, "UTC", now)).toEqual({
      from: "2025-11-29",
      to: "2026-11-29",
    });
    expect(daysOf({ from: "2026-11-01", to: "2026-11-03" })).toEqual([
      "2026-11-03",
      "2026-11-02",
      "2026-11-01",
    ]);
  });
});
