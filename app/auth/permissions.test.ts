import { describe, expect, test } from "vitest";
import { USER_ROLES } from "#app/lib/enums";
import {
  can as typedCan,
  isHeldToTwoFactor,
  normalizeRole,
  PERMISSIONS,
  permissionForAdminPath,
} from "./permissions";

/**
 * `can` as names from outside the code reach it (a stored role, a table written out by hand): any string.
 * The run-time refusal of unknown names is tested through it; the compile-time one at the end.
 */
const can = typedCan as unknown as (role: string | null | undefined, area: string, action: string) => boolean;

/**
 * The matrix of section 6 (both spec documents), written out cell by cell. It is deliberately not
 * derived from the module: a change to PERMISSIONS that departs from the spec must fail here.
 */
const Y = true;
const N = false;
const SPEC_MATRIX: Array<[area: string, action: string, admin: boolean, editor: boolean, writer: boolean]> = [
  ["dashboard", "view", Y, Y, Y],
  ["articles", "viewAll", Y, Y, N],
  ["articles", "editAll", Y, Y, N],
  ["articles", "deleteAll", Y, Y, N],
  ["articles", "publish", Y, Y, N],
  ["articles", "create", Y, Y, Y],
  // Decision record 016: editors and admins run live coverage; writers post updates to their own live
  // stories.
  ["live", "run", Y, Y, N],
  ["live", "post", Y, Y, Y],
  ["categories", "view", Y, Y, Y],
  ["categories", "manage", Y, Y, N],
  ["comments", "view", Y, Y, N],
  ["comments", "moderate", Y, Y, N],
  // The contact inbox: /admin/messages (admins and editors) lists, opens, marks handled and deletes them.
  ["messages", "view", Y, Y, N],
  ["messages", "manage", Y, Y, N],
  // Decision record 007: newsletter subscribers are listed, exported and deleted by admins and editors.
  ["subscribers", "view", Y, Y, N],
  ["subscribers", "manage", Y, Y, N],
  // Decision record 018: newsletter issues are composed, sent and paused by admins and editors.
  ["newsletter", "view", Y, Y, N],
  ["newsletter", "send", Y, Y, N],
  ["users", "view", Y, N, N],
  ["users", "manage", Y, N, N],
  // Decision record 021: members are listed for admins and editors; revenue and refunds are admins' only.
  ["members", "view", Y, Y, N],
  ["revenue", "view", Y, N, N],
  ["revenue", "refund", Y, N, N],
  ["media", "view", Y, Y, Y],
  ["media", "upload", Y, Y, Y],
  ["media", "delete", Y, Y, N],
  ["settings", "view", Y, N, N],
  ["settings", "manage", Y, N, N],
  ["plugins", "view", Y, Y, N],
  ["plugins", "manage", Y, N, N],
  // Settings → Advanced can require two-factor sign-in of admins and editors (decision record 010).
  ["twoFactor", "required", Y, Y, N],
];

const cells = SPEC_MATRIX.flatMap(([area, action, admin, editor, writer]) => [
  { area, action, role: "admin", allowed: admin },
  { area, action, role: "editor", allowed: editor },
  { area, action, role: "writer", allowed: writer },
]);

describe("the permission matrix, cell by cell", () => {
  test.each(cells)("$role · $area.$action → $allowed", ({ role, area, action, allowed }) => {
    expect(can(role, area, action)).toBe(allowed);
  });

  test("the module grants nothing the spec's table does not list", () => {
    const inModule = Object.entries(PERMISSIONS)
      .flatMap(([area, actions]) => Object.keys(actions).map((action) => `${area}.${action}`))
      .sort();
    const inSpec = SPEC_MATRIX.map(([area, action]) => `${area}.${action}`).sort();
    expect(inModule).toEqual(inSpec);
  });

  test("the roles are exactly admin, editor and writer", () => {
    expect([...USER_ROLES]).toEqual(["admin", "editor", "writer"]);
  });
});

describe("denied by default", () => {
  const roles = ["admin", "editor", "writer"];

  test.each(roles)("an unknown area is denied to %s", (role) => {
    expect(can(role, "billing", "view")).toBe(false);
    expect(can(role, "", "view")).toBe(false);
    expect(can(role, "Dashboard", "view")).toBe(false);
  });

  test.each(roles)("an unknown action is denied to %s", (role) => {
    expect(can(role, "dashboard", "delete")).toBe(false);
    expect(can(role, "users", "")).toBe(false);
    expect(can(role, "articles", "View")).toBe(false);
  });

  test.each(roles)("names inherited from Object are neither areas nor actions (%s)", (role) => {
    for (const area of ["constructor", "toString", "__proto__", "hasOwnProperty"]) {
      for (const action of ["view", "name", "length", "prototype", "toString"]) {
        expect(can(role, area, action)).toBe(false);
      }
    }
    expect(can(role, "dashboard", "toString")).toBe(false);
    expect(can(role, "users", "constructor")).toBe(false);
  });

  test.each([null, undefined, ""])("no role (%j) is denied everywhere", (role) => {
    for (const [area, action] of SPEC_MATRIX) expect(can(role, area, action)).toBe(false);
  });

  test.each(["subscriber", "author", "superuser", "Admin", "ADMIN", " admin"])(
    "the role %j is denied everywhere",
    (role) => {
      for (const [area, action] of SPEC_MATRIX) expect(can(role, area, action)).toBe(false);
    },
  );
});

describe("normalizeRole", () => {
  test.each([
    [undefined, "writer"],
    [null, "writer"],
    ["", "writer"],
    ["admin", "admin"],
    ["editor", "editor"],
    ["writer", "writer"],
    ["subscriber", null],
    ["author", null],
    ["superuser", null],
    ["Admin", null],
  ] as const)("%j → %j", (stored, expected) => {
    expect(normalizeRole(stored)).toBe(expected);
  });
});

describe("permissionForAdminPath", () => {
  const dashboard = { area: "dashboard", action: "view" };
  test.each([
    ["/admin", dashboard],
    ["/admin/", dashboard],
    ["/admin/dashboard", dashboard],
    ["/admin/users", { area: "users", action: "view" }],
    ["/admin/users/", { area: "users", action: "view" }],
    ["/admin/users/add", { area: "users", action: "manage" }],
    ["/admin/users/edit/x", { area: "users", action: "manage" }],
    ["/admin/settings", { area: "settings", action: "view" }],
    ["/admin/settings/editions", { area: "settings", action: "manage" }],
    ["/admin/ads", { area: "settings", action: "view" }],
    ["/admin/code", { area: "plugins", action: "view" }],
    ["/admin/comments", { area: "comments", action: "view" }],
    ["/admin/categories", { area: "categories", action: "view" }],
    ["/admin/categories/add", { area: "categories", action: "manage" }],
    ["/admin/categories/edit/x", { area: "categories", action: "manage" }],
    ["/admin/articles", { area: "articles", action: "create" }],
    ["/admin/articles/add", { area: "articles", action: "create" }],
    ["/admin/articles/edit/x", { area: "articles", action: "create" }],
    ["/admin/media", { area: "media", action: "view" }],
    ["/admin/messages", { area: "messages", action: "view" }],
    ["/admin/messages/x", { area: "messages", action: "view" }],
    ["/admin/subscribers", { area: "subscribers", action: "view" }],
    ["/admin/subscribers/export", { area: "subscribers", action: "view" }],
    ["/admin/newsletter", { area: "newsletter", action: "view" }],
    ["/admin/newsletter/new", { area: "newsletter", action: "view" }],
    ["/admin/members", { area: "members", action: "view" }],
    ["/admin/revenue", { area: "revenue", action: "view" }],
    ["/admin/revenue.csv", { area: "revenue", action: "view" }],
    ["/admin/profile", null],
    ["/admin/anything", dashboard],
    // A prefix only matches whole path segments.
    ["/admin/usersettings", dashboard],
    ["/admin/codex", dashboard],
  ] as const)("%s needs %j", (path, expected) => {
    expect(permissionForAdminPath(path)).toEqual(expected);
  });

  // What each role meets on each screen, as the back office's rules have it (writer on /admin/comments or
  // /admin/users/add: Access Denied). `null` permission: any signed-in, enabled account.
  const OPEN_TO: Array<[path: string, admin: boolean, editor: boolean, writer: boolean]> = [
    ["/admin", Y, Y, Y],
    ["/admin/dashboard", Y, Y, Y],
    ["/admin/users", Y, N, N],
    ["/admin/users/add", Y, N, N],
    ["/admin/users/edit/x", Y, N, N],
    ["/admin/settings", Y, N, N],
    ["/admin/settings/editions", Y, N, N],
    ["/admin/ads", Y, N, N],
    ["/admin/code", Y, Y, N],
    ["/admin/comments", Y, Y, N],
    ["/admin/categories", Y, Y, Y],
    ["/admin/categories/add", Y, Y, N],
    ["/admin/categories/edit/x", Y, Y, N],
    ["/admin/articles", Y, Y, Y],
    ["/admin/articles/add", Y, Y, Y],
    ["/admin/articles/edit/x", Y, Y, Y],
    ["/admin/media", Y, Y, Y],
    ["/admin/messages", Y, Y, N],
    ["/admin/messages/x", Y, Y, N],
    ["/admin/subscribers", Y, Y, N],
    ["/admin/subscribers/export", Y, Y, N],
    ["/admin/newsletter", Y, Y, N],
    ["/admin/newsletter/some-id", Y, Y, N],
    ["/admin/members", Y, Y, N],
    ["/admin/revenue", Y, N, N],
    ["/admin/revenue.csv", Y, N, N],
    ["/admin/profile", Y, Y, Y],
    ["/admin/anything", Y, Y, Y],
  ];
  const opens = (role: string, path: string) => {
    const needed = permissionForAdminPath(path);
    return needed === null || can(role, needed.area, needed.action);
  };
  test.each(OPEN_TO)("%s opens for admin %s, editor %s, writer %s", (path, admin, editor, writer) => {
    expect([opens("admin", path), opens("editor", path), opens("writer", path)]).toEqual([
      admin,
      editor,
      writer,
    ]);
  });
});

describe("the two-factor rule", () => {
  test.each([
    ["admin", true],
    ["editor", true],
    ["writer", false],
    ["author", false],
    [null, false],
  ] as const)("the site's requirement holds %j: %j", (role, held) => {
    expect(isHeldToTwoFactor(role)).toBe(held);
  });
});

describe("areas and actions are the matrix's names", () => {
  test("a misspelt area or action, or an action of another area, does not compile", () => {
    // @ts-expect-error "artciles" is not an area
    expect(typedCan("admin", "artciles", "create")).toBe(false);
    // @ts-expect-error "publsh" is not an action of articles
    expect(typedCan("admin", "articles", "publsh")).toBe(false);
    // @ts-expect-error "publish" is an action of articles, not of users
    expect(typedCan("admin", "users", "publish")).toBe(false);
    expect(typedCan("admin", "articles", "publish")).toBe(true);
  });
});
