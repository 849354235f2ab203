/**
 * The notice above the articles list when empty drafts are waiting (app/domain/articles/empty-drafts.server.ts
 * says which), with the offer to delete them. A real form post: with JavaScript it asks first in a dialog,
 * without it the server answers with the confirmation step (ArticleResult).
 */
import { useState } from "react";
import { Form, useNavigation, useSubmit } from "react-router";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog";
import { EMPTY_DRAFT_TEXT } from "#app/lib/empty-drafts";

export function EmptyDraftsNotice({ drafts }: { drafts: { count: number; ids: string[] } }) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const [pending, setPending] = useState<FormData | null>(null);
  if (drafts.count === 0) return null;
  // The confirmation names what this post deletes: one batch when there are more than that.
  const deleting = drafts.ids.length;
  return (
    <Form
      method="post"
      aria-label="Empty drafts"
      onSubmit={(event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        data.set("confirmed", "yes");
        setPending(data);
      }}
      className="mb-3 flex flex-wrap items-center gap-3 rounded border border-gray-200 bg-gray-50 px-3 py-2 text-sm"
    >
      <input type="hidden" name="intent" value="delete-empty-drafts" />
      {drafts.ids.map((id) => (
        <input key={id} type="hidden" name="ids" value={id} />
      ))}
      <p>{EMPTY_DRAFT_TEXT.notice(drafts.count)}</p>
      <button
        type="submit"
        disabled={navigation.state === "submitting"}
        className="rounded border border-red-300 bg-white px-3 py-1 font-medium text-red-700 hover:bg-red-50"
      >
        {EMPTY_DRAFT_TEXT.deleteThem(drafts.count)}
      </button>
      <ConfirmDialog
        open={pending !== null}
        title="Please confirm"
        message={EMPTY_DRAFT_TEXT.confirm(deleting)}
        confirmLabel="Confirm"
        tone="danger"
        onCancel={() => setPending(null)}
        onConfirm={() => {
          if (pending) submit(pending, { method: "post" });
          setPending(null);
        }}
      />
    </Form>
  );
}
