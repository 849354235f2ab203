/**
 * Who renders a page: a GET of a reader page goes to the reader pages' own renderer
 * (app/reader-pages.server.tsx, decision record 020), everything else to React Router. The renderer
 * comes through the build (its entry exports it), so that development's on-demand build serves the
 * same code as production's.
 */
import { createRequestHandler, type AppLoadContext, type ServerBuild } from "react-router";
import type { ReaderPages } from "#app/reader-pages.server";

export type PageHandler = (request: Request, context: AppLoadContext) => Promise<Response>;

type ReaderPagesFactory = (build: ServerBuild, mode: string) => ReaderPages;

export function pageHandler(build: ServerBuild | (() => Promise<ServerBuild>), mode: string): PageHandler {
  const routerHandle = createRequestHandler(build, mode);
  const readerPagesByBuild = new WeakMap<ServerBuild, ReaderPages | null>();
  const readerPagesOf = (resolved: ServerBuild) => {
    let found = readerPagesByBuild.get(resolved);
    if (found === undefined) {
      const create = (resolved.entry.module as { createReaderPages?: ReaderPagesFactory }).createReaderPages;
      found = create ? create(resolved, mode) : null;
      readerPagesByBuild.set(resolved, found);
    }
    return found;
  };
  return async (request, context) => {
    const resolved = typeof build === "function" ? await build() : build;
    const readerPage = await readerPagesOf(resolved)?.answer(request, context);
    return readerPage ?? routerHandle(request, context);
  };
}
