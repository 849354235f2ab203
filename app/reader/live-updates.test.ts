import { describe, expect, test } from "vitest";
import { countText } from "./count-text";
import { readTextIsland } from "./text-island";
import { nextPollDelay, savesData, unseenIds } from "./live-updates";

describe("the live page's poll", () => {
  test("asks every 20 to 30 seconds, spread at random, and four times less often in a hidden tab", () => {
    expect(nextPollDelay(false, () => 0)).toBe(20_000);
    expect(nextPollDelay(false, () => 0.999)).toBeLessThan(30_000);
    expect(nextPollDelay(false, () => 0.5)).toBe(25_000);
    expect(nextPollDelay(true, () => 0.5)).toBe(100_000);
  });

  test("counts only the updates the reader has not been shown", () => {
    expect(unseenIds(["update-a", "update-b"], ["update-d", "update-c", "update-a", "update-b"])).toEqual([
      "update-d",
      "update-c",
    ]);
    // A deleted update is not news; an unchanged stream has none.
    expect(unseenIds(["update-a", "update-b"], ["update-b"])).toEqual([]);
  });

  test("says how many, in the singular for one", () => {
    expect(countText("script.live.newUpdates", 1, readTextIsland(null))).toBe("1 new update");
    expect(countText("script.live.newUpdates", 3, readTextIsland(null))).toBe("3 new updates");
  });

  test("a device that saves data is recognised from the browser's connection", () => {
    const nav = (connection?: object) => ({ connection }) as unknown as Navigator;
    expect(savesData(nav({ saveData: true }))).toBe(true);
    expect(savesData(nav({ saveData: false }))).toBe(false);
    expect(savesData(nav())).toBe(false);
  });
});
