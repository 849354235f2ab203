import { ArrowLeft } from "lucide-react";
import { data, Link } from "react-router";
import { requirePermission } from "#app/auth/guard.server";
import { can } from "#app/auth/permissions";
import { ArticleResult, type ArticleActionResult } from "#app/components/admin/article-result";
import { SnippetManager } from "#app/components/admin/snippet-manager";
import { getSettings } from "#app/domain/settings/settings.server";
import { snippetFieldsFrom, SNIPPET_TEXT, type SnippetFormFields } from "#app/domain/snippets/snippet-rules";
import {
  addSnippet,
  listSnippets,
  removeSnippet,
  saveSnippets,
  toggleSnippet,
} from "#app/domain/snippets/snippets.server";
import { isDomainError } from "#app/lib/errors";
import { expectedError, withDomainErrors } from "#app/lib/http-errors.server";
import { CustomCodeForm } from "#app/components/admin/custom-code-form";
import type { CurrentUser } from "#app/auth/guard.server";
import type { Db } from "#app/db/client.server";
import {
  CUSTOM_CODE_FIELDS,
  CUSTOM_CODE_TEXT,
  customCodeSchema,
  type CustomCodeField,
  type CustomCodeValues,
} from "#app/domain/snippets/custom-code";
import { saveCustomCode } from "#app/domain/snippets/custom-code.server";
import type { Route } from "./+types/code";

export const loader = withDomainErrors(async ({ context }: Route.LoaderArgs) => {
  const user = await requirePermission(context, "plugins", "view");
  const db = context.db;
  const [snippets, settings] = await Promise.all([listSnippets(db), getSettings(db)]);
  return {
    snippets,
    customCode: {
      customHeadHtml: settings.customHeadHtml,
      customBodyStartHtml: settings.customBodyStartHtml,
      customBodyEndHtml: settings.customBodyEndHtml,
    } satisfies CustomCodeValues,
    canManage: can(user.role, "plugins", "manage"),
    /** Changes on every save: the screen's local copy restarts from the stored list. */
    version: settings.updatedAt.toISOString(),
  };
});

interface Reply {
  result?: ArticleActionResult;
  /** The add form posted without JavaScript: its error and what was typed. */
  addError?: string;
  addValues?: SnippetFormFields;
  /** The custom head/body code refused: its problems and what was typed. */
  customCodeErrors?: Partial<Record<CustomCodeField, string>>;
  customCodeValues?: CustomCodeValues;
}
const reply = (body: Reply, status = 200) => data(body, { status });

/**
 * intent=save carries the whole list as JSON (the browser's 'Save All Changes'); add, toggle and
 * remove are the one-change posts of a page running without JavaScript (snippet-manager.tsx).
 */
export const action = withDomainErrors(async ({ request, context }: Route.ActionArgs) => {
  const user = await requirePermission(context, "plugins", "manage");
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");
  const db = context.db;
  if (intent === "custom-code") return saveCustomCodeReply(db, user, form);
  try {
    switch (intent) {
      case "save": {
        let list: unknown;
        try {
          list = JSON.parse(String(form.get("snippets") ?? ""));
        } catch {
          return reply({ result: { type: "error", title: SNIPPET_TEXT.saveFailed } }, 400);
        }
        await saveSnippets(db, user, list);
        break;
      }
      case "add":
        await addSnippet(db, user, snippetFieldsFrom(form));
        break;
      case "toggle":
        await toggleSnippet(db, user, id);
        break;
      case "remove":
        // Without JavaScript this post removes at once: only when confirmed (the question below sends it).
        if (form.get("confirmed") !== "yes")
          return reply({
            result: { type: "confirm", title: SNIPPET_TEXT.removeConfirm, intent: "remove", id },
          });
        await removeSnippet(db, user, id);
        break;
      default:
        return reply({ result: { type: "error", title: SNIPPET_TEXT.saveFailed } }, 400);
    }
  } catch (error) {
    const known = expectedError(error, "[code] saving snippets failed", { intent, id });
    if (isDomainError(known, "invalid")) {
      if (intent === "add" && known.message === SNIPPET_TEXT.required) {
        return reply({ addError: known.message, addValues: snippetFieldsFrom(form) }, 400);
      }
      const { detail } = known.details;
      return reply({ result: { type: "error", title: SNIPPET_TEXT.saveFailed, message: detail } }, 400);
    }
    if (known) throw known;
    return reply({ result: { type: "error", title: SNIPPET_TEXT.saveFailed } }, 500);
  }
  return reply({ result: { type: "success", title: SNIPPET_TEXT.saved } });
});

/** The site-wide head / body-start / body-end HTML (the section above the snippets). */
async function saveCustomCodeReply(db: Db, user: CurrentUser, form: FormData) {
  const typed = Object.fromEntries(
    CUSTOM_CODE_FIELDS.map((f) => [f, String(form.get(f) ?? "")]),
  ) as CustomCodeValues;
  const parsed = customCodeSchema.safeParse(typed);
  if (!parsed.success) {
    const errors: Partial<Record<CustomCodeField, string>> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as CustomCodeField;
      errors[field] ??= issue.message;
    }
    return reply({ customCodeErrors: errors, customCodeValues: typed }, 400);
  }
  try {
    await saveCustomCode(db, user, parsed.data);
  } catch (error) {
    const known = expectedError(error, "[code] saving custom code failed");
    if (known) throw known;
    return reply(
      { result: { type: "error", title: CUSTOM_CODE_TEXT.saveFailed }, customCodeValues: typed },
      500,
    );
  }
  return reply({ result: { type: "success", title: CUSTOM_CODE_TEXT.saved } });
}

export const meta: Route.MetaFunction = () => [{ title: "Header & Footer Code - Admin" }];

export default function HeaderFooterCode({ loaderData, actionData }: Route.ComponentProps) {
  const { snippets, customCode, canManage, version } = loaderData;
  return (
    <section>
      <Link
        to="/admin"
        className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden />
        Back to Dashboard
      </Link>
      <div className="mb-4">
        <h1 className="text-2xl font-bold">Header &amp; Footer Code</h1>
        <p className="mt-1 text-sm text-gray-600">
          Code added to the public pages (never to the back office): in the head, at the start of the body or
          at its end, on the pages, paths and devices each snippet names.
        </p>
      </div>
      <ArticleResult result={actionData?.result} />
      <CustomCodeForm
        key={`custom-${version}`}
        values={actionData?.customCodeValues ?? customCode}
        errors={actionData?.customCodeErrors}
        canManage={canManage}
      />
      <SnippetManager
        key={version}
        saved={snippets}
        canManage={canManage}
        addError={actionData?.addError}
        addValues={actionData?.addValues}
      />
    </section>
  );
}
