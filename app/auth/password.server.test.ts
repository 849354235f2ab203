import { describe, expect, test } from "vitest";
import { generatePassword, hashPassword, verifyPassword } from "./password.server";

describe("password hashing", () => {
  test("a hash verifies its own password and no other", async () => {
    const stored = await hashPassword("Correct horse 1");
    expect(stored.startsWith("scrypt$")).toBe(true);
    expect(stored).not.toContain("Correct horse 1");
    expect(await verifyPassword("Correct horse 1", stored)).toBe(true);
    expect(await verifyPassword("Correct horse 2", stored)).toBe(false);
    expect(await verifyPassword("correct horse 1", stored)).toBe(false);
    expect(await verifyPassword("", stored)).toBe(false);
  });

  test("two hashes of one password differ (a fresh salt each time), and both verify", async () => {
    const [a, b] = await Promise.all([hashPassword("Same123"), hashPassword("Same123")]);
    expect(a).not.toBe(b);
    expect(a.split("$")[4]).not.toBe(b.split("$")[4]);
    expect(await verifyPassword("Same123", a)).toBe(true);
    expect(await verifyPassword("Same123", b)).toBe(true);
  });

  describe("a tampered, garbage or missing stored hash never verifies", () => {
    const password = "Tamper123";
    const stored = hashPassword(password);
    const replacePart = async (index: number, value: string) => {
      const parts = (await stored).split("$");
      parts[index] = value;
      return parts.join("$");
    };
    const flipOneKeyBit = async () => {
      const key = Buffer.from((await stored).split("$")[5] ?? "", "base64");
      key.writeUInt8(key.readUInt8(0) ^ 1, 0);
      return replacePart(5, key.toString("base64"));
    };

    test("sanity: the untouched hash verifies", async () => {
      expect(await verifyPassword(password, await stored)).toBe(true);
    });

    test.each<[string, () => Promise<string | null | undefined>]>([
      ["a key with one bit changed", flipOneKeyBit],
      ["another salt", () => replacePart(4, Buffer.from("another salt 16b").toString("base64"))],
      ["another scheme", () => replacePart(0, "bcrypt")],
      ["an empty key", () => replacePart(5, "")],
      ["a key that decodes to nothing", () => replacePart(5, "!!!!")],
      ["a key of a few bytes", () => replacePart(5, "a2V5")],
      ["a cost that is not a number", () => replacePart(1, "abc")],
      ["a cost that is not a power of two", () => replacePart(1, "3")],
      ["garbage", async () => "not a hash at all"],
      ["an empty string", async () => ""],
      ["null (imported account without password)", async () => null],
      ["undefined", async () => undefined],
    ])("%s → false", async (_label, make) => {
      expect(await verifyPassword(password, await make())).toBe(false);
    });
  });
});

describe("generatePassword", () => {
  test("16 readable characters with at least one letter and one digit, different every time", () => {
    const generated = Array.from({ length: 200 }, () => generatePassword());
    for (const password of generated) {
      expect(password).toMatch(/^[A-Za-z0-9]{16}$/);
      expect(password).toMatch(/[A-Za-z]/);
      expect(password).toMatch(/\d/);
      // Easily confused characters are left out of the alphabet.
      expect(password).not.toMatch(/[01ilIoO]/);
    }
    expect(new Set(generated).size).toBe(generated.length);
  });

  test("short passwords still get a letter and a digit", () => {
    for (let i = 0; i < 300; i++) {
      const password = generatePassword(2);
      expect(password).toHaveLength(2);
      expect(password).toMatch(/[A-Za-z]/);
      expect(password).toMatch(/\d/);
    }
  });
});
