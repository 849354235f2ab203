/**
 * Ad units: the rules shared by the Ads screen (browser) and the server (saving, placing on pages).
 * A unit is stored in settings.adSlots (type AdSlot) and goes into one slot of the public pages:
 * below the header, in the article body after paragraph N, in the sidebar, or above the footer. Its ad
 * is either code pasted by an admin (admin-only, like the code snippets) or the publisher's ad unit id,
 * from which the standard AdSense tag is built.
 */
import type { AdSlot } from "#app/db/schema";
import { formText } from "#app/lib/form";

export const AD_PLACEMENTS = ["header", "in_article", "sidebar", "footer"] as const;
export type AdPlacement = (typeof AD_PLACEMENTS)[number];

export const AD_PLACEMENT_LABELS: Record<AdPlacement, string> = {
  header: "Header (below the site header)",
  in_article: "In article (after a paragraph)",
  sidebar: "Sidebar",
  footer: "Footer (above the site footer)",
};

/** 'responsive' fills the slot's width; the others are the common fixed IAB sizes. */
export const AD_SIZES = [
  "responsive",
  "300x250",
  "336x280",
  "728x90",
  "970x90",
  "320x50",
  "300x600",
] as const;
export type AdSize = (typeof AD_SIZES)[number];

export const AD_SOURCES = ["unit", "code"] as const;
export type AdSource = (typeof AD_SOURCES)[number];

export const AD_UNIT_LIMITS = { name: 100, code: 20_000, unitId: 20, units: 50, paragraph: 50 } as const;
export const DEFAULT_AFTER_PARAGRAPH = 2;

export const AD_UNIT_TEXT = {
  saved: "Ad unit saved",
  deleted: "Ad unit deleted",
  switchedOn: "Ad unit switched on",
  switchedOff: "Ad unit switched off",
  saveFailed: "Failed to save settings",
  notFound: "That ad unit no longer exists.",
  nameRequired: "Give the ad unit a name.",
  nameTooLong: `Keep the name under ${AD_UNIT_LIMITS.name} characters.`,
  placement: "Choose where the ad goes.",
  paragraph: `Give a paragraph number from 1 to ${AD_UNIT_LIMITS.paragraph}.`,
  size: "Choose a size.",
  codeRequired: "Paste the ad code.",
  codeTooLong: `The ad code is too long (at most ${AD_UNIT_LIMITS.code} characters).`,
  unitId: "The ad unit ID is the digits AdSense gives (data-ad-slot), e.g. 1234567890.",
  tooMany: `At most ${AD_UNIT_LIMITS.units} ad units.`,
  deleteConfirm: "Delete this ad unit? It disappears from the site at once.",
} as const;

/** An ad unit as the app uses it (old stored entries are read into this shape by `readStoredAdUnits`). */
export interface AdUnit {
  id: string;
  name: string;
  /** null: an old entry that was never given a slot; shown in the list, placed nowhere. */
  placement: AdPlacement | null;
  afterParagraph: number;
  size: AdSize;
  source: AdSource;
  code: string;
  unitId: string;
  active: boolean;
}

const isOneOf = <T extends readonly string[]>(values: T, v: unknown): v is T[number] =>
  typeof v === "string" && (values as readonly string[]).includes(v);

/** Stored units (any age, any junk) as AdUnits; an entry without an id gets one from its position. */
export function readStoredAdUnits(stored: unknown): AdUnit[] {
  if (!Array.isArray(stored)) return [];
  return stored
    .filter((x): x is Partial<Record<keyof AdSlot, unknown>> => typeof x === "object" && x !== null)
    .map((slot, index) => {
      const code = typeof slot.code === "string" ? slot.code : "";
      const size = isOneOf(AD_SIZES, slot.size)
        ? slot.size
        : isOneOf(AD_SIZES, slot.format)
          ? slot.format
          : "responsive";
      const paragraph = Number(slot.afterParagraph);
      return {
        id: typeof slot.id === "string" && slot.id ? slot.id : `unit-${index + 1}`,
        name: String(slot.name ?? slot.key ?? "") || `Ad unit ${index + 1}`,
        placement: isOneOf(AD_PLACEMENTS, slot.placement) ? slot.placement : null,
        afterParagraph:
          Number.isInteger(paragraph) && paragraph >= 1
            ? Math.min(paragraph, AD_UNIT_LIMITS.paragraph)
            : DEFAULT_AFTER_PARAGRAPH,
        size,
        source: code.trim() ? "code" : "unit",
        code,
        unitId: typeof slot.slotId === "string" ? slot.slotId : "",
        active: slot.active === true,
      } satisfies AdUnit;
    });
}

/** How a unit is stored: the spec's fields (key, slotId, active, format) kept filled for older readers. */
export function toStoredAdSlot(unit: AdUnit): AdSlot {
  return {
    key: unit.name,
    slotId: unit.source === "unit" ? unit.unitId : "",
    active: unit.active,
    format: unit.size,
    id: unit.id,
    name: unit.name,
    ...(unit.placement ? { placement: unit.placement } : {}),
    afterParagraph: unit.afterParagraph,
    size: unit.size,
    code: unit.source === "code" ? unit.code : "",
  };
}

/** The unit form's fields as posted (all strings; an unticked checkbox is absent). */
export const AD_UNIT_FIELDS = [
  "name",
  "placement",
  "afterParagraph",
  "size",
  "source",
  "code",
  "unitId",
  "active",
] as const;
export type AdUnitField = (typeof AD_UNIT_FIELDS)[number];
export type AdUnitFormValues = Record<AdUnitField, string>;
export type AdUnitErrors = Partial<Record<AdUnitField, string>>;

export const EMPTY_AD_UNIT_FORM: AdUnitFormValues = {
  name: "",
  placement: "in_article",
  afterParagraph: String(DEFAULT_AFTER_PARAGRAPH),
  size: "responsive",
  source: "unit",
  code: "",
  unitId: "",
  active: "on",
};

export function adUnitFormValues(unit: AdUnit): AdUnitFormValues {
  return {
    name: unit.name,
    placement: unit.placement ?? "",
    afterParagraph: String(unit.afterParagraph),
    size: unit.size,
    source: unit.source,
    code: unit.code,
    unitId: unit.unitId,
    active: unit.active ? "on" : "",
  };
}

export function adUnitFieldsFrom(form: FormData): AdUnitFormValues {
  const values = { ...EMPTY_AD_UNIT_FORM, active: "" };
  for (const field of AD_UNIT_FIELDS) {
    const value = form.get(field);
    values[field] = formText(value);
  }
  return values;
}

type AdUnitCheck = { ok: true; unit: Omit<AdUnit, "id"> } | { ok: false; errors: AdUnitErrors };

/** Checks the unit form (browser and server): each problem beside its field. */
export function checkAdUnitForm(values: AdUnitFormValues): AdUnitCheck {
  const errors: AdUnitErrors = {};
  const name = values.name.trim();
  if (!name) errors.name = AD_UNIT_TEXT.nameRequired;
  else if (name.length > AD_UNIT_LIMITS.name) errors.name = AD_UNIT_TEXT.nameTooLong;
  const placement = isOneOf(AD_PLACEMENTS, values.placement) ? values.placement : null;
  if (!placement) errors.placement = AD_UNIT_TEXT.placement;
  const paragraphText = values.afterParagraph.trim();
  let afterParagraph = DEFAULT_AFTER_PARAGRAPH;
  if (placement === "in_article") {
    const n = Number(paragraphText);
    if (paragraphText !== "" && (!/^\d+$/.test(paragraphText) || n < 1 || n > AD_UNIT_LIMITS.paragraph))
      errors.afterParagraph = AD_UNIT_TEXT.paragraph;
    else if (paragraphText !== "") afterParagraph = n;
  }
  const size = isOneOf(AD_SIZES, values.size) ? values.size : null;
  if (!size) errors.size = AD_UNIT_TEXT.size;
  const source: AdSource = values.source === "code" ? "code" : "unit";
  const code = values.code;
  const unitId = values.unitId.trim();
  if (source === "code") {
    if (!code.trim()) errors.code = AD_UNIT_TEXT.codeRequired;
    else if (code.length > AD_UNIT_LIMITS.code) errors.code = AD_UNIT_TEXT.codeTooLong;
  } else if (!new RegExp(`^\\d{1,${AD_UNIT_LIMITS.unitId}}$`).test(unitId)) {
    errors.unitId = AD_UNIT_TEXT.unitId;
  }
  if (Object.keys(errors).length > 0 || !placement || !size) return { ok: false, errors };
  return {
    ok: true,
    unit: {
      name,
      placement,
      afterParagraph,
      size,
      source,
      code: source === "code" ? code : "",
      unitId: source === "unit" ? unitId : "",
      active: values.active === "on" || values.active === "true",
    },
  };
}

/** A fresh id; `crypto.randomUUID` is missing in browsers on plain-http (non-secure) origins. */
export function newAdUnitId(): string {
  if (typeof crypto !== "undefined" && typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}
