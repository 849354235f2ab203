/**
 * What the HTTP server hands every loader and action of one request (React Router's load context):
 * the process's services (app/services.server.ts: database, media store, mailer, push network, clock)
 * the signed-in staff member and the signed-in reader travel here, never through a global lookup.
 */
import type { AppLoadContext } from "react-router";
import type { CurrentUser } from "#app/auth/current-user.server";
import type { CurrentMember } from "#app/auth/member-session.server";
import type { Db } from "#app/db/client.server";
import type { Services } from "#app/services.server";

declare module "react-router" {
  interface AppLoadContext {
    /** The client's address as Express sees it (honours TRUST_PROXY). */
    clientIp: string;
    /** The process's services, built once per process (app/services.server.ts). */
    services: Services;
    /**
     * The process's database: the same handle as `services.db`, kept under its own name so that the
     * loaders and actions that need only the database say `context.db`.
     */
    db: Db;
    /**
     * The signed-in staff member, or null; read from the session at most once per request, however many
     * loaders ask (a layout and its page share it). Does not check the account's status: guards do.
     */
    currentUser: () => Promise<CurrentUser | null>;
    /**
     * The signed-in reader (a member, decision record 021), or null; their own cookie and sessions,
     * never a staff member's. Read at most once per request.
     */
    currentMember: () => Promise<CurrentMember | null>;
  }
}
/** The request's context under its own name, for the domain (which never imports React Router). */
export type RequestContext = AppLoadContext;
