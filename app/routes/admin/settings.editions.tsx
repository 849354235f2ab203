import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { requirePermission } from "#app/auth/guard.server";
import { AddEditionForm, EditionMessages, EditionsTable } from "#app/components/admin/editions-screen";
import { catalogueProblems, MESSAGE_KEYS } from "#app/i18n/messages.server";
import { FormProblem } from "#app/components/admin/settings-fields";
import { editionsForAdmin } from "#app/domain/editions/admin.server";
import { EDITION_TEXT, EMPTY_ADD_EDITION } from "#app/domain/editions/edition-form";
import { withDomainErrors } from "#app/lib/http-errors.server";
import { editionsAction } from "./editions-actions.server";
import type { Route } from "./+types/settings.editions";

// Decision record 022, point 1: the Settings form posts one row of fields, so editions have a screen.
export const loader = withDomainErrors(async ({ context }: Route.LoaderArgs) => {
  const user = await requirePermission(context, "settings", "manage");
  const editions = await editionsForAdmin(context.db, user);
  // What each edition's readers still see in English (decision record 022, point 6): from the
  // catalogues, not from traffic. English itself lacks nothing.
  const messages = editions
    .filter((edition) => edition.tag !== "en")
    .map((edition) => ({
      tag: edition.tag,
      name: edition.name,
      total: MESSAGE_KEYS.length,
      problems: catalogueProblems(edition.tag),
    }));
  return { editions, messages };
});

export const action = withDomainErrors(async ({ request, context }: Route.ActionArgs) => {
  const user = await requirePermission(context, "settings", "manage");
  return editionsAction(context.db, user, await request.formData());
});

export const meta: Route.MetaFunction = () => [{ title: "Editions - Admin" }];

export default function EditionsScreen({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="max-w-5xl">
      <Link
        to="/admin/settings"
        className="inline-flex items-center gap-1 text-sm text-gray-600 hover:text-brand-700"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden /> Back to Settings
      </Link>
      <h1 className="mt-2 mb-2 text-2xl font-bold">{EDITION_TEXT.title}</h1>
      <p className="mb-4 max-w-3xl text-sm text-gray-600">{EDITION_TEXT.intro}</p>
      <FormProblem problem={actionData?.problem} />
      <EditionsTable editions={loaderData.editions} refusedRename={actionData?.rename} />
      {/* A new key once an edition is added: the inputs start empty again. */}
      <AddEditionForm
        key={loaderData.editions.map((edition) => edition.tag).join(" ")}
        values={actionData?.addValues ?? EMPTY_ADD_EDITION}
        errors={actionData?.addErrors}
      />
      <EditionMessages editions={loaderData.messages} />
    </section>
  );
}
