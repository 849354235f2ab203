import { Outlet, redirect } from "react-router";
import { editionOfParams, mainEditionTag } from "#app/domain/editions/page-edition.server";
import { withDomainErrors } from "#app/lib/http-errors.server";
import { readerNotFound } from "./not-found.server";
import type { Route } from "./+types/edition";

/**
 * An edition's branch of the reader site, `/{tag}/…` (decision record 022, point 2). Its pages are the
 * main site's twins (app/routes.ts); this route only decides whether the prefix is an edition readers may
 * open. An unknown or switched-off tag is the not-found page, thrown here rather than in the site
 * layout so the 404 keeps the site's chrome; the main edition's own tag moves to the bare address.
 */
export const loader = withDomainErrors(async ({ request, params, context }: Route.LoaderArgs) => {
  const edition = await editionOfParams(context.db, params);
  if (edition) return null;
  const mainTag = await mainEditionTag(context.db);
  if (params.edition.toLowerCase() === mainTag) {
    const url = new URL(request.url);
    const bare = url.pathname.replace(/^\/[^/]+/, "") || "/";
    throw redirect(`${bare}${url.search}`, 301);
  }
  throw await readerNotFound(context.db, mainTag);
});

export default function Edition() {
  return <Outlet />;
}
