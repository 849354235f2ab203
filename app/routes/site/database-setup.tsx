import { data } from "react-router";
import { requirePermission } from "#app/auth/guard.server";
import { can } from "#app/auth/permissions";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog";
import { clearDatabase, populateDatabase, SETUP_TEXT } from "#app/domain/setup/setup.server";
import { pageMeta, siteMetaFrom } from "#app/lib/seo";
import { withDomainErrors } from "#app/lib/http-errors.server";
import type { Route } from "./+types/database-setup";
import { logFailure } from "#app/lib/log.server";

const CONFIRM_TEXT = "Are you sure you want to clear all data? This action cannot be undone.";

/** Anyone may see the page; only a signed-in admin may run it (the actions check). */
export const loader = withDomainErrors(async ({ context }: Route.LoaderArgs) => {
  const user = await context.currentUser();
  return { canRun: Boolean(user && user.status === "active" && can(user.role, "settings", "manage")) };
});

interface SetupActionData {
  ok: boolean;
  message: string;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const action = withDomainErrors(async ({ request, context }: Route.ActionArgs) => {
  const actor = await requirePermission(context, "settings", "manage");
  const form = await request.formData();
  const intent = form.get("intent");
  const db = context.db;
  if (intent === "populate") {
    try {
      await populateDatabase(db, actor);
      return { ok: true, message: SETUP_TEXT.populated } satisfies SetupActionData;
    } catch (error) {
      logFailure("[setup] populate failed", error);
      return data(
        { ok: false, message: SETUP_TEXT.populateFailed(errorText(error)) } satisfies SetupActionData,
        { status: 500 },
      );
    }
  }
  if (intent === "clear") {
    // Without JavaScript there is no dialog: the form's checkbox is the confirmation.
    if (form.get("confirm") !== "yes") {
      return data(
        {
          ok: false,
          message: SETUP_TEXT.clearFailed("please confirm that you want to clear all data."),
        } satisfies SetupActionData,
        { status: 400 },
      );
    }
    try {
      await clearDatabase(db, actor);
      return { ok: true, message: SETUP_TEXT.cleared } satisfies SetupActionData;
    } catch (error) {
      logFailure("[setup] clear failed", error);
      return data(
        { ok: false, message: SETUP_TEXT.clearFailed(errorText(error)) } satisfies SetupActionData,
        { status: 500 },
      );
    }
  }
  return data({ ok: false, message: "Unknown action." } satisfies SetupActionData, { status: 400 });
});

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta({
    site: siteMetaFrom(matches),
    title: "Database Setup",
    description: "Populate or clear the sample content.",
    path: "/database-setup",
  }),
  { name: "robots", content: "noindex" },
];

/**
 * Plain forms; the reader script (app/reader/confirm.ts) asks before clearing in a dialog, which
 * replaces the tick box that confirms without scripts, and shows the verdict as a toast too.
 */
export default function DatabaseSetup({ loaderData, actionData }: Route.ComponentProps) {
  const { canRun } = loaderData;
  return (
    <main className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
      <h1 className="font-serif text-3xl font-bold sm:text-4xl">Database Setup</h1>
      <p className="mt-3 max-w-[65ch] text-gray-700">
        Load the sample content to try the site, or remove all content to start afresh.
      </p>
      {!canRun ? (
        <p className="mt-4 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900">
          Only a signed-in administrator can populate or clear the database.{" "}
          <a href="/admin/login" className="font-semibold underline">
            Sign in
          </a>{" "}
          first.
        </p>
      ) : null}
      {actionData ? (
        <p
          role={actionData.ok ? "status" : "alert"}
          data-toast-on-load={actionData.ok ? "success" : "error"}
          data-toast-title={actionData.ok ? "Done" : "Error"}
          className={`mt-4 rounded-md border px-4 py-3 ${actionData.ok ? "border-green-300 bg-green-50 text-green-900" : "border-red-300 bg-red-50 text-red-900"}`}
        >
          {actionData.message}
        </p>
      ) : null}

      <div className="mt-8 grid gap-6 sm:grid-cols-2">
        <section
          aria-labelledby="populate-heading"
          className="rounded-lg border border-gray-200 bg-white p-5"
        >
          <h2 id="populate-heading" className="text-xl font-bold">
            Populate
          </h2>
          <p className="mt-2 text-gray-700">
            Adds 8 categories and 4 published sample articles, each with 3 approved comments.
          </p>
          <form method="post" data-busy-form className="mt-4">
            <input type="hidden" name="intent" value="populate" />
            <button
              type="submit"
              data-busy-label="Populating..."
              className="inline-flex min-h-11 items-center rounded-md bg-brand-700 px-5 font-semibold text-white hover:bg-brand-900 disabled:opacity-60"
            >
              Populate Database
            </button>
          </form>
        </section>

        <section aria-labelledby="clear-heading" className="rounded-lg border border-red-200 bg-white p-5">
          <h2 id="clear-heading" className="text-xl font-bold text-red-800">
            Clear
          </h2>
          <p className="mt-2 text-gray-700">
            Deletes every article (published or not) and every category. Each article&apos;s comments are
            deleted with it. Users, media and settings are kept.
          </p>
          <form method="post" data-busy-form data-confirm-with="clear-dialog" className="mt-4 space-y-3">
            <input type="hidden" name="intent" value="clear" />
            <label data-confirm-box className="flex items-start gap-2 text-sm text-gray-800">
              <input type="checkbox" name="confirm" value="yes" className="mt-1 size-4" />
              <span>{CONFIRM_TEXT} Tick to confirm.</span>
            </label>
            <button
              type="submit"
              data-busy-label="Clearing..."
              className="inline-flex min-h-11 items-center rounded-md bg-red-700 px-5 font-semibold text-white hover:bg-red-800 disabled:opacity-60"
            >
              Clear Database
            </button>
          </form>
        </section>
      </div>

      <ConfirmDialog
        id="clear-dialog"
        open={false}
        title="Clear all data?"
        message={CONFIRM_TEXT}
        confirmLabel="Clear Database"
        tone="danger"
        onCancel={() => {}}
        onConfirm={() => {}}
      />
    </main>
  );
}
