/**
 * Header & footer code snippets: the rules shared by the back-office screen (browser) and the server
 * (saving, and choosing what goes into a public page). Decision record 002 says
 * why the server, not the browser, puts snippets into the page.
 */
import { z } from "zod";
import type { CodeSnippet } from "#app/db/schema";
import { parseForm } from "#app/lib/form";
import { pagePath } from "#app/lib/paths";

export type { CodeSnippet };

export const SNIPPET_TYPES = ["script", "html", "meta"] as const;
export const SITE_DISPLAYS = ["sitewide", "homepage", "posts", "pages"] as const;
export const SNIPPET_LOCATIONS = ["head", "body_start", "body_end"] as const;
export const DEVICE_DISPLAYS = ["all", "desktop", "mobile"] as const;
export const SNIPPET_STATUSES = ["active", "inactive"] as const;

type SnippetLocation = (typeof SNIPPET_LOCATIONS)[number];

export const SNIPPET_LABELS = {
  type: { script: "Script", html: "HTML", meta: "Meta" },
  siteDisplay: { sitewide: "Sitewide", homepage: "Homepage", posts: "Posts", pages: "Pages" },
  location: { head: "Head", body_start: "Body start", body_end: "Body end" },
  deviceDisplay: { all: "All devices", desktop: "Desktop", mobile: "Mobile" },
  status: { active: "Active", inactive: "Inactive" },
} as const;

/** The snippet screens' texts, verbatim. */
export const SNIPPET_TEXT = {
  required: "Name and code are required",
  saved: "Snippets saved",
  saveFailed: "Failed to save",
  removeConfirm: "Remove this snippet? Its code leaves every page it was on.",
} as const;

/** Spec "Snippet defaults": script, sitewide, include '*', head, all devices, active. */
export const SNIPPET_DEFAULTS = {
  type: "script",
  siteDisplay: "sitewide",
  includePaths: ["*"],
  excludePaths: [],
  location: "head",
  deviceDisplay: "all",
  status: "active",
} as const satisfies Omit<CodeSnippet, "id" | "name" | "code">;

/**
 * Limits the spec leaves open, set so that one settings row stays a sensible size: they are far above
 * any real tag (an analytics or ad snippet is a few hundred characters).
 */
export const SNIPPET_LIMITS = {
  name: 100,
  code: 20_000,
  path: 300,
  pathsPerList: 50,
  snippets: 100,
} as const;

/** Spec "Snippet add": comma-separated, trimmed, empty entries dropped. */
export function parsePathList(raw: string | null | undefined): string[] {
  return (raw ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0);
}

const pathList = z.array(z.string().trim().min(1).max(SNIPPET_LIMITS.path)).max(SNIPPET_LIMITS.pathsPerList);

const snippetSchema = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[\w-]+$/),
  name: z.string().trim().min(1, SNIPPET_TEXT.required).max(SNIPPET_LIMITS.name),
  type: z.enum(SNIPPET_TYPES),
  siteDisplay: z.enum(SITE_DISPLAYS),
  // An empty include list would silence the snippet everywhere; the spec's default is '*'.
  includePaths: pathList.transform((paths) => (paths.length > 0 ? paths : ["*"])),
  excludePaths: pathList,
  location: z.enum(SNIPPET_LOCATIONS),
  deviceDisplay: z.enum(DEVICE_DISPLAYS),
  status: z.enum(SNIPPET_STATUSES),
  code: z
    .string()
    .max(SNIPPET_LIMITS.code)
    .refine((code) => code.trim().length > 0, SNIPPET_TEXT.required),
}) satisfies z.ZodType<CodeSnippet, unknown>;

export const snippetListSchema = z.array(snippetSchema).max(SNIPPET_LIMITS.snippets);

/** The add-snippet form's fields as posted (all strings). */
export type SnippetFormFields = Partial<Record<Exclude<keyof CodeSnippet, "id">, string>>;

const FORM_FIELDS = [
  "name",
  "type",
  "siteDisplay",
  "includePaths",
  "excludePaths",
  "location",
  "deviceDisplay",
  "status",
  "code",
] as const satisfies ReadonlyArray<keyof SnippetFormFields>;

/** The add form's fields out of its FormData (browser submit or server post). */
export function snippetFieldsFrom(form: FormData): SnippetFormFields {
  const fields: SnippetFormFields = {};
  for (const name of FORM_FIELDS) {
    const value = form.get(name);
    if (typeof value === "string") fields[name] = value;
  }
  return fields;
}

type SnippetFormResult = { ok: true; snippet: CodeSnippet } | { ok: false; error: string };

const pick = <T extends readonly string[]>(values: T, raw: string | undefined, fallback: T[number]) =>
  (values as readonly string[]).includes(raw ?? "") ? (raw as T[number]) : fallback;

/** Builds a snippet from the add form (browser or server), or the spec's error. */
export function snippetFromForm(fields: SnippetFormFields, id: string): SnippetFormResult {
  const name = (fields.name ?? "").trim();
  const code = fields.code ?? "";
  if (!name || !code.trim()) return { ok: false, error: SNIPPET_TEXT.required };
  const include = fields.includePaths === undefined ? ["*"] : parsePathList(fields.includePaths);
  const candidate: CodeSnippet = {
    id,
    name,
    type: pick(SNIPPET_TYPES, fields.type, SNIPPET_DEFAULTS.type),
    siteDisplay: pick(SITE_DISPLAYS, fields.siteDisplay, SNIPPET_DEFAULTS.siteDisplay),
    includePaths: include.length > 0 ? include : ["*"],
    excludePaths: parsePathList(fields.excludePaths),
    location: pick(SNIPPET_LOCATIONS, fields.location, SNIPPET_DEFAULTS.location),
    deviceDisplay: pick(DEVICE_DISPLAYS, fields.deviceDisplay, SNIPPET_DEFAULTS.deviceDisplay),
    status: pick(SNIPPET_STATUSES, fields.status, SNIPPET_DEFAULTS.status),
    code,
  };
  const checked = parseForm(snippetSchema, candidate);
  if (!checked.ok)
    return { ok: false, error: Object.values(checked.fieldErrors)[0] ?? SNIPPET_TEXT.required };
  return { ok: true, snippet: checked.data };
}

/** A fresh id; `crypto.randomUUID` is missing in browsers on plain-http (non-secure) origins. */
export function newSnippetId(): string {
  if (typeof crypto !== "undefined" && typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

export const toggledStatus = (status: CodeSnippet["status"]): CodeSnippet["status"] =>
  status === "active" ? "inactive" : "active";

/** Spec "Snippet path matching": the device counts as mobile when the user agent matches Mobi or Android. */
export const isMobileUserAgent = (userAgent: string | null | undefined) =>
  /Mobi|Android/.test(userAgent ?? "");

/**
 * A trailing * is a prefix wildcard ('*' alone matches everything); otherwise the path must be the same
 * page. Both sides are read as the router reads them (`pagePath`): '/About/' and '/%61bout' are '/about'.
 */
export function pathMatches(pattern: string, path: string): boolean {
  const p = pattern.trim();
  if (p.endsWith("*"))
    return pagePath(path, { trailingSlash: "keep" }).startsWith(
      pagePath(p.slice(0, -1), { trailingSlash: "keep" }),
    );
  return pagePath(p) === pagePath(path);
}

/** Excludes take priority over includes; no include list means '*'. */
export function matchesPaths(snippet: Pick<CodeSnippet, "includePaths" | "excludePaths">, path: string) {
  if (snippet.excludePaths.some((pattern) => pathMatches(pattern, path))) return false;
  const includes = snippet.includePaths.length > 0 ? snippet.includePaths : ["*"];
  return includes.some((pattern) => pathMatches(pattern, path));
}

/** Homepage is '/', posts are '/article/…', pages are every other public page. */
export function matchesSiteDisplay(display: CodeSnippet["siteDisplay"], path: string): boolean {
  const page = pagePath(path);
  const isHome = page === "/";
  const isPost = page.startsWith("/article/");
  switch (display) {
    case "sitewide":
      return true;
    case "homepage":
      return isHome;
    case "posts":
      return isPost;
    case "pages":
      return !isHome && !isPost;
  }
}

export function matchesDevice(device: CodeSnippet["deviceDisplay"], userAgent: string | null | undefined) {
  if (device === "all") return true;
  return isMobileUserAgent(userAgent) === (device === "mobile");
}

interface PageRequest {
  path: string;
  userAgent: string | null | undefined;
}

export function snippetApplies(snippet: CodeSnippet, page: PageRequest): boolean {
  return (
    snippet.status === "active" &&
    matchesSiteDisplay(snippet.siteDisplay, page.path) &&
    matchesPaths(snippet, page.path) &&
    matchesDevice(snippet.deviceDisplay, page.userAgent)
  );
}

/**
 * The HTML a snippet puts into the page. A 'script' snippet may be bare JavaScript (no markup at all):
 * it is wrapped in a script element, otherwise the browser would print it as text. Anything that
 * starts with a tag goes in as written (script is the default type, so a pasted <meta> keeps it).
 */
export function snippetHtml(snippet: Pick<CodeSnippet, "type" | "code">): string {
  if (snippet.type === "script" && !snippet.code.trimStart().startsWith("<")) {
    return `<script>${snippet.code}</script>`;
  }
  return snippet.code;
}

/** The matching snippets' HTML for each location, in list order. */
export function snippetsForPage(
  snippets: CodeSnippet[],
  page: PageRequest,
): Record<SnippetLocation, string[]> {
  const slots: Record<SnippetLocation, string[]> = { head: [], body_start: [], body_end: [] };
  for (const snippet of snippets) {
    if (snippetApplies(snippet, page)) slots[snippet.location].push(snippetHtml(snippet));
  }
  return slots;
}

/** Stored rows may come from an import or an older version: keep the valid ones, drop the rest. */
export function readStoredSnippets(stored: unknown): CodeSnippet[] {
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((entry) => {
    const parsed = snippetSchema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}
