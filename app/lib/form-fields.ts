/**
 * Schema fields that several forms share, built on `formText` (form.ts, kept free of packages so that
 * the reader script may use it).
 */
import { z } from "zod";
import { formText } from "./form";

/** A text field as sent, untrimmed; a missing field is "". */
export const formTextField = z.preprocess(formText, z.string());

/** A text field trimmed, at most `max` characters; a missing field is "". */
export const trimmedFormText = (max: number) =>
  z.preprocess((value) => formText(value).trim(), z.string().max(max));
