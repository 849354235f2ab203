/**
 * A page's `<head>` tags from its routes' `meta` exports, as React Router's `<Meta />` computes and
 * renders them (react-router 7.18, `Meta` in lib/dom/ssr/components.tsx), for the reader pages' own
 * renderer (app/reader-pages.server.tsx), which has no React Router framework context to give `<Meta />`.
 * `reader-pages.server.test.ts` checks that both give the same head.
 */
import type { Location, MetaDescriptor } from "react-router";

export interface MetaMatch {
  id: string;
  pathname: string;
  params: Record<string, string | undefined>;
  handle: unknown;
}

export type MetaExport = MetaFunction | MetaDescriptor[] | undefined;

type MetaFunction = (args: {
  data: unknown;
  loaderData: unknown;
  params: MetaMatch["params"];
  location: Location;
  matches: unknown[];
  error: unknown;
}) => MetaDescriptor[] | undefined;

/**
 * The deepest route's descriptors: each route's `meta` sees its parents' results in `matches`; a route
 * without one inherits its parent's. With an error, the routes up to its boundary only.
 */
export function metaDescriptors(
  allMatches: MetaMatch[],
  loaderData: Record<string, unknown>,
  errors: Record<string, unknown> | null,
  metaOf: (routeId: string) => MetaExport,
  location: Location,
): MetaDescriptor[] {
  const errorIndex = errors ? allMatches.findIndex((m) => errors[m.id] !== undefined) : -1;
  const active = errors ? allMatches.slice(0, errorIndex + 1) : allMatches;
  const error = errors ? errors[active[active.length - 1]!.id] : null;
  let leafMeta: MetaDescriptor[] | null = null;
  const matches: unknown[] = [];
  for (const [i, match] of active.entries()) {
    const data = loaderData[match.id];
    const entry = { ...match, data, loaderData: data, meta: [] as MetaDescriptor[], error };
    matches[i] = entry;
    const meta = metaOf(match.id);
    let routeMeta: MetaDescriptor[] | undefined = [];
    if (meta)
      routeMeta =
        typeof meta === "function"
          ? meta({ data, loaderData: data, params: match.params, location, matches, error })
          : [...meta];
    else if (leafMeta) routeMeta = [...leafMeta];
    entry.meta = routeMeta ?? [];
    leafMeta = [...entry.meta];
  }
  return leafMeta ?? [];
}

const JSON_ESCAPES: Record<string, string> = {
  "&": "\\u0026",
  ">": "\\u003e",
  "<": "\\u003c",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};

/** Structured data's JSON made safe inside `<script>`, as React Router escapes it. */
const scriptSafeJson = (json: string) => json.replace(/[&><\u2028\u2029]/g, (c) => JSON_ESCAPES[c]!);

/** The descriptors as elements, each kind as `<Meta />` renders it. */
export function MetaTags({ descriptors }: { descriptors: MetaDescriptor[] }) {
  return descriptors.flat().map((descriptor, i) => {
    if (!descriptor) return null;
    if ("tagName" in descriptor) {
      const { tagName, ...rest } = descriptor;
      if (tagName !== "link" && tagName !== "meta") return null;
      const Tag = tagName;
      return <Tag key={i} {...(rest as Record<string, string>)} />;
    }
    if ("title" in descriptor) return <title key={i}>{String(descriptor.title)}</title>;
    if ("charSet" in descriptor || "charset" in descriptor) {
      const { charSet, charset } = descriptor as { charSet?: unknown; charset?: unknown };
      const value = charSet ?? charset;
      return typeof value === "string" ? <meta key={i} charSet={value} /> : null;
    }
    if ("script:ld+json" in descriptor) {
      let json: string;
      try {
        json = JSON.stringify(descriptor["script:ld+json"]);
      } catch {
        return null;
      }
      return (
        <script key={i} type="application/ld+json" dangerouslySetInnerHTML={{ __html: scriptSafeJson(json) }} />
      );
    }
    return <meta key={i} {...(descriptor as Record<string, string>)} />;
  });
}
