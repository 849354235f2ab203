import { describe, expect, test } from "vitest";
import { z } from "zod";
import { FORM_LEVEL, parseForm } from "./form";

const schema = z
  .object({
    name: z.string().trim().min(1, "Name is required.").max(5, "Name is too long."),
    email: z.string().regex(/@/, "Please enter a valid email address."),
    password: z.string(),
    confirm: z.string(),
  })
  .refine((v) => v.password === v.confirm, { message: "Passwords differ.", path: ["confirm"] });

describe("parseForm", () => {
  test("valid input: the schema's data", () => {
    expect(parseForm(schema, { name: " Ama ", email: "a@b.c", password: "x", confirm: "x" })).toEqual({
      ok: true,
      data: { name: "Ama", email: "a@b.c", password: "x", confirm: "x" },
    });
  });

  test("invalid input: the first problem of each field, in the schema's words", () => {
    expect(parseForm(schema, { name: "", email: "nope", password: "x", confirm: "x" })).toEqual({
      ok: false,
      fieldErrors: { name: "Name is required.", email: "Please enter a valid email address." },
    });
    expect(parseForm(schema, { name: "Ama", email: "a@b.c", password: "x", confirm: "y" })).toEqual({
      ok: false,
      fieldErrors: { confirm: "Passwords differ." },
    });
  });

  test("a rule over the whole form is keyed 'form'", () => {
    const whole = z.object({ a: z.string() }).refine(() => false, "Never valid.");
    expect(parseForm(whole, { a: "" })).toEqual({ ok: false, fieldErrors: { [FORM_LEVEL]: "Never valid." } });
  });
});
