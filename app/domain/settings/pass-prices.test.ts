import { describe, expect, test } from "vitest";
import { SETTINGS_TEXT, settingsFormSchema, settingsFormValues, tabOfField } from "./settings-form";

const priceOf = (typed: string) => settingsFormSchema.shape.passDayPrice.safeParse(typed);

describe("pass prices in Settings (decision record 021)", () => {
  test("typed in GHS with up to two decimals, stored in pesewas exactly", () => {
    for (const [typed, pesewas] of [
      ["2.00", 200],
      ["2", 200],
      ["0.1", 10],
      ["19.99", 1999],
      ["0", 0],
      ["10000", 1_000_000],
      [" 30.00 ", 3000],
    ] as const)
      expect(priceOf(typed)).toMatchObject({ success: true, data: pesewas });
  });

  test("refuses anything else with the field's text", () => {
    for (const typed of ["", "2.005", "-1", "10000.01", "two", "1e3"]) {
      const parsed = priceOf(typed);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(SETTINGS_TEXT.passPrice);
    }
  });

  test("the form shows the stored pesewas as GHS with two decimals, on the Reader Revenue tab", () => {
    const values = settingsFormValues({
      passDayPrice: 200,
      passWeekPrice: 1000,
      passMonthPrice: 3005,
      socialMedia: {},
    } as never);
    expect([values.passDayPrice, values.passWeekPrice, values.passMonthPrice]).toEqual([
      "2.00",
      "10.00",
      "30.05",
    ]);
    expect(tabOfField("passWeekPrice")).toBe("revenue");
  });

  test("the meter: a whole number of paid stories from 0 (off) to 100, on the same tab", () => {
    const meter = settingsFormSchema.shape.meterPaidStories;
    expect(meter.safeParse("0")).toMatchObject({ success: true, data: 0 });
    expect(meter.safeParse("5")).toMatchObject({ success: true, data: 5 });
    for (const typed of ["", "-1", "101", "2.5", "five"])
      expect(meter.safeParse(typed).error?.issues[0]?.message).toBe(SETTINGS_TEXT.meterPaidStories);
    expect(settingsFormValues({ meterPaidStories: 3, socialMedia: {} } as never).meterPaidStories).toBe("3");
    expect(tabOfField("meterPaidStories")).toBe("revenue");
  });
});
