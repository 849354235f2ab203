/**
 * The back office's Members screen (decision record 021): its texts, limits and filters, and how a
 * member's access reads ("Free", or "Day pass until 29 Nov 2026, 14:00" in the site's time zone). Isomorphic:
 * the loader and the page use the same functions.
 */
import type { PassPlan } from "#app/lib/enums";
import { dateTimeFormat } from "#app/lib/dates";

export const MEMBERS_PAGE_SIZE = 25;
export const MEMBERS_SEARCH_LIMIT = 254;

/** The list's access filter: everyone, free members only, or members with a pass running now. */
export const MEMBER_ACCESS_FILTERS = ["free", "paying"] as const;
export type MemberAccessFilter = (typeof MEMBER_ACCESS_FILTERS)[number];

export const parseAccessFilter = (value: string | null): MemberAccessFilter | "" =>
  (MEMBER_ACCESS_FILTERS as readonly string[]).includes(value ?? "") ? (value as MemberAccessFilter) : "";

export const MEMBERS_TEXT = {
  title: "Members",
  searchLabel: "Search members by e-mail or name",
  all: "All",
  filters: { free: "Free", paying: "With a running pass" } satisfies Record<MemberAccessFilter, string>,
  empty: "No members yet. Readers become members when they first sign in with the link we e-mail them.",
  noMatch: "No members match your search.",
  columns: {
    email: "E-mail",
    name: "Name",
    access: "Access",
    passes: "Passes",
    lastSeen: "Last seen",
    joined: "Joined",
  },
  free: "Free",
  noName: "—",
} as const;

export const PASS_PLAN_LABELS: Record<PassPlan, string> = {
  day: "Day pass",
  week: "Week pass",
  month: "Month pass",
};

/** 29 Nov 2026, 14:00 in the site's zone: the back office's day-first, 24-hour form for an end time. */
export function passEndTime(value: Date | string, timeZone: string): string {
  return dateTimeFormat("en-GB", {
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone,
  }).format(new Date(value));
}

/** What the Access column says: "Free", or the running pass and when the member's paid access ends. */
export function accessLabel(
  access: { plan: PassPlan | null; until: Date | string | null },
  timeZone: string,
): string {
  if (!access.plan || !access.until) return MEMBERS_TEXT.free;
  return `${PASS_PLAN_LABELS[access.plan]} until ${passEndTime(access.until, timeZone)}`;
}
