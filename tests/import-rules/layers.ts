/**
 * What each layer of the app may import: the rules of docs/architecture.md ("What may import what") as
 * data, checked by `tests/import-rules/check.ts` from `app/architecture.test.ts` on every module under
 * `app/` and `server/` (tests aside). Every module belongs to at least one layer, or the check fails.
 *
 * Patterns: one starting with "app/", "server/" or "tests/" is a glob over the repository's modules without
 * their extension (`**` crosses folders, `*` does not; "app/**.server" is every server-only module); any
 * other names packages, `*`
 * matching any characters, with their subpaths ("drizzle-orm*" is drizzle-orm/pg-core and drizzle-orm/sql
 * too, "*" every package).
 *
 * An import is allowed when its module is in `names` and every name it takes is listed there; else when
 * it is `import type` and matches `typesMay` (type imports are erased from the build); else when it
 * matches `may` and not `never`. `neverReaches` is checked transitively: no value import may load, through
 * any chain of modules, a module or package it matches.
 */
export interface Layer {
  name: string;
  /** The modules of the layer. */
  files: readonly string[];
  except?: readonly string[];
  /** What a value (or type) import may name: the allow-list. */
  may: readonly string[];
  /** Refused even where `may` allows. */
  never?: readonly string[];
  /** What an `import type` may name besides `may`. */
  typesMay?: readonly string[];
  /** Modules the layer may take only some names from (a type's name included). */
  names?: Readonly<Record<string, readonly string[]>>;
  /** What no value import may load at run time, directly or through other modules. */
  neverReaches?: readonly string[];
}

/** Drizzle and the drivers: the database layer's packages. */
const DATABASE_PACKAGES = ["drizzle-orm*", "pg*", "@electric-sql/*"] as const;
/** FormatJS's ICU MessageFormat, which only the server may load. */
const MESSAGE_FORMATTER = ["intl-messageformat", "@formatjs/*"] as const;
/** Type imports are erased: most layers may name any type (docs/architecture.md lists the crossings). */
const ANY_TYPE = ["app/**", "*"] as const;

/**
 * What only tests use (servers standing in for S3, SMTP and a push service, fixtures, oracles) lives in
 * tests/support/. No layer's `may` names anything under tests/, so every module of app/ and server/ is
 * refused it, and through them any chain that would load it in production (app/architecture.test.ts
 * checks that no layer allows it; scripts/deploy-settings.test.ts checks the built bundle too).
 */
export const TEST_ONLY = "tests/**";

export const LAYERS: readonly Layer[] = [
  {
    name: "code that reaches the browser",
    // Isomorphic modules: they may end up in the client bundle, so nothing server-side may enter with
    // them, not even through a module in between (React Router's build catches only `.server` names).
    files: [
      "app/lib/**",
      "app/components/**",
      "app/auth/**",
      "app/domain/**",
      "app/reader/**",
      "app/i18n/**",
      "app/entry.client",
    ],
    except: ["app/**.server"],
    may: ["app/**", "*"],
    // The message formatter too: 16.9 KB gzipped, the reader script's whole headroom (decision record 022).
    neverReaches: ["app/**.server", "app/db/**", ...DATABASE_PACKAGES, ...MESSAGE_FORMATTER],
  },
  {
    name: "the message catalogues",
    // Reader texts per language (decision record 022, point 6): the formatter only in messages.server.
    files: ["app/i18n/**"],
    may: ["app/i18n/**", "app/lib/**", "react", ...MESSAGE_FORMATTER],
    typesMay: ANY_TYPE,
  },
  {
    name: "the reader script",
    // Bundled alone and kept small (decision record 005): isomorphic modules that load no package at all.
    files: ["app/reader/**"],
    may: ["app/**"],
    neverReaches: ["app/**.server", "app/db/**", "*"],
  },
  {
    name: "route modules",
    // They reach the database only through the domain (`import type { Db }` is fine).
    files: ["app/routes/**", "app/root"],
    may: [
      "app/routes/**",
      "app/root",
      "app/auth/**",
      "app/domain/**",
      "app/lib/**",
      "app/components/**",
      "app/reader/**",
      "app/i18n/**",
      "app/styles/**",
      "app/context",
      "app/config.server",
      "app/entry.server",
      "app/reader-pages.server",
      "*",
    ],
    never: ["app/db/**", ...DATABASE_PACKAGES],
    typesMay: ANY_TYPE,
  },
  {
    name: "server entries",
    files: ["app/entry.server", "app/reader-pages.server"],
    may: [
      "app/components/**",
      "app/i18n/**",
      "app/lib/**",
      "app/domain/**",
      "app/config.server",
      "app/reader-pages.server",
      "*",
    ],
    never: DATABASE_PACKAGES,
    typesMay: ANY_TYPE,
  },
  {
    name: "the route table",
    files: ["app/routes"],
    may: ["@react-router/dev"],
  },
  {
    name: "the domain",
    // Rules throw domain errors, never HTTP answers: no React, no React Router (not even a type), no
    // flash message or HTTP mapping, and from app/auth only what a rule needs.
    files: ["app/domain/**"],
    may: [
      "app/domain/**",
      "app/db/**",
      "app/lib/**",
      "app/config.server",
      "app/auth/permissions",
      "app/auth/login-form",
      // What the domain writes for readers in their language (decision record 022, point 11): an alert in
      // its story's, a newsletter issue (a job's, with no route to format it) in its edition's.
      "app/i18n/messages.server",
      "*",
    ],
    never: ["app/lib/flash.server", "app/lib/http-errors.server", "react*", "@react-router/*"],
    // The request context, and the services a function takes when it needs more than the database.
    typesMay: ["app/context", "app/services.server"],
    names: {
      "app/auth/guard.server": ["accessDenied", "CurrentUser"],
      "app/auth/password.server": ["hashPassword"],
      "app/auth/throttle.server": ["checkCurrentPassword"],
      "app/auth/session.server": ["SESSION_COOKIE_NAME", "deleteUserSessions"],
      "app/auth/account-links.server": ["endAccountLinks"],
      // Using a sign-in link opens the reader's session in the same transaction (decision record 021).
      "app/auth/member-session.server": ["createMemberSession", "endAllMemberSessions", "CurrentMember"],
    },
  },
  {
    name: "the database layer",
    // Drizzle, the drivers, the configuration and app/lib; the seed also hashes passwords.
    files: ["app/db/**"],
    may: [
      "app/db/**",
      "app/lib/**",
      "app/config.server",
      "app/auth/password.server",
      ...DATABASE_PACKAGES,
      "node:*",
    ],
  },
  {
    name: "app/lib",
    files: ["app/lib/**"],
    may: ["app/lib/**", "app/auth/permissions", "*"],
    never: DATABASE_PACKAGES,
    typesMay: ANY_TYPE,
  },
  {
    name: "components",
    // React on data handed down: no data access.
    files: ["app/components/**"],
    may: [
      "app/components/**",
      "app/i18n/**",
      "app/lib/**",
      "app/auth/permissions",
      "app/domain/**",
      "app/reader/**",
      "app/styles/**",
      "*",
    ],
    never: DATABASE_PACKAGES,
    typesMay: ANY_TYPE,
  },
  {
    name: "auth",
    // The HTTP edge of sign-in: sessions, guards and the permission matrix.
    files: ["app/auth/**"],
    may: ["app/auth/**", "app/db/**", "app/lib/**", "app/domain/**", "app/config.server", "*"],
    typesMay: ANY_TYPE,
  },
  {
    name: "the server process",
    // Express, start-up and the compiled bundle's entry: anything of the app and any package.
    files: ["server/**"],
    may: ["app/**", "server/**", "*"],
    neverReaches: [TEST_ONLY],
  },
  {
    name: "the configuration",
    files: ["app/config.server"],
    may: ["app/lib/**", "zod", "node:*"],
  },
  {
    name: "the services",
    // Built once per process from the configuration (app/services.server.ts): the domain's stores,
    // mailer and push network over the database.
    files: ["app/services.server"],
    may: ["app/domain/**", "app/db/**", "app/lib/**", "app/config.server"],
    typesMay: ANY_TYPE,
  },
  {
    name: "the request context",
    files: ["app/context"],
    may: [],
    typesMay: ANY_TYPE,
  },
];
