/**
 * Header & Footer Code's site-wide part: the custom HTML put into every public page before `</head>`,
 * right after `<body>` and before `</body>` (html-injector.server.ts). Shared by the screen and the
 * server, which checks again on save.
 */
import { z } from "zod";
import { formText } from "#app/lib/form";
import { SNIPPET_LIMITS } from "./snippet-rules";

export const CUSTOM_CODE_FIELDS = ["customHeadHtml", "customBodyStartHtml", "customBodyEndHtml"] as const;
export type CustomCodeField = (typeof CUSTOM_CODE_FIELDS)[number];
export type CustomCodeValues = Record<CustomCodeField, string>;

/** As long as one snippet's code may be: room for any real tag, not for a page's worth of markup. */
export const CUSTOM_CODE_MAX = SNIPPET_LIMITS.code;

export const CUSTOM_CODE_LABELS: Record<CustomCodeField, string> = {
  customHeadHtml: "Head HTML (before </head>)",
  customBodyStartHtml: "Body start HTML (after <body>)",
  customBodyEndHtml: "Body end HTML (before </body>)",
};

export const CUSTOM_CODE_TEXT = {
  saved: "Header & footer code saved.",
  saveFailed: "Error saving header & footer code. Please try again.",
  tooLong: (label: string) =>
    `${label} must be at most ${CUSTOM_CODE_MAX.toLocaleString("en-US")} characters.`,
} as const;

const codeField = (field: CustomCodeField) =>
  z.preprocess(
    (v) => formText(v).replace(/\r\n/g, "\n"),
    z.string().max(CUSTOM_CODE_MAX, CUSTOM_CODE_TEXT.tooLong(CUSTOM_CODE_LABELS[field])),
  );

/** Stored as typed (it is HTML an admin means to run); only trailing blank space is dropped. */
export const customCodeSchema = z.object({
  customHeadHtml: codeField("customHeadHtml").transform((v) => v.trimEnd()),
  customBodyStartHtml: codeField("customBodyStartHtml").transform((v) => v.trimEnd()),
  customBodyEndHtml: codeField("customBodyEndHtml").transform((v) => v.trimEnd()),
});
