/**
 * The moderation table: each row offers only the transitions the spec's table allows from its status.
 * Deletes ask first (a dialog with JavaScript, a server step without).
 */
import { articlePath } from "#app/lib/paths";
import { useState, type FormEvent } from "react";
import { Form, Link, useSubmit } from "react-router";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog";
import { dateTimeFormat } from "#app/lib/dates";
import type { CommentStatus } from "#app/lib/enums";
import { CARD_TABLE, RowActions } from "./row-menu";
import { useRowSelection } from "./use-row-selection";
import { BulkActionBar } from "./list-kit/bulk-action-bar";
import { COMMENT_STATUS_LABELS } from "#app/lib/status-labels";

export const COMMENT_STATUS_STYLE: Record<CommentStatus, string> = {
  pending: "bg-amber-100 text-amber-900 border-amber-300",
  approved: "bg-green-100 text-green-800 border-green-300",
  rejected: "bg-red-100 text-red-800 border-red-300",
  spam: "bg-purple-100 text-purple-800 border-purple-300",
};

type RowAction = "approve" | "reject" | "spam";

/** Button labels by status: approving a rejected comment is un-rejecting, a spam one unmarking. */
const ACTION_LABEL = (action: RowAction, from: CommentStatus) =>
  action === "approve"
    ? from === "rejected"
      ? "Un-reject"
      : from === "spam"
        ? "Not Spam"
        : "Approve"
    : action === "reject"
      ? "Reject"
      : "Mark as Spam";

interface CommentRow {
  id: string;
  text: string;
  authorName: string;
  authorEmail: string;
  status: CommentStatus;
  createdAt: string | Date;
  articleId: string;
  articleTitle: string | null;
  articleSlug?: string | null;
  actions: RowAction[];
}

const BULK_FORM = "comment-bulk-form";

export function CommentTable({ rows, deleteConfirm }: { rows: CommentRow[]; deleteConfirm: string }) {
  const submit = useSubmit();
  const { selected, toggle, selectAll: selectRows, clear } = useRowSelection(BULK_FORM);
  const [pending, setPending] = useState<FormData | null>(null);
  const allSelected = rows.length > 0 && rows.every((r) => selected.has(r.id));
  const selectAll = (on: boolean) =>
    selectRows(
      rows.map((r) => r.id),
      on,
    );

  const askFirst = (event: FormEvent<HTMLFormElement>) => {
    const data = new FormData(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter);
    const isDelete =
      data.get("intent") === "delete" ||
      (data.get("intent") === "bulk" && data.get("bulkAction") === "delete");
    if (!isDelete) return;
    event.preventDefault();
    data.set("confirmed", "yes");
    setPending(data);
  };

  return (
    <>
      <BulkActionBar
        formId={BULK_FORM}
        onSubmit={askFirst}
        allSelected={allSelected}
        onSelectAll={selectAll}
        selectedCount={selected.size}
      >
        <option value="approve">Approve</option>
        <option value="reject">Reject</option>
        <option value="spam">Mark as Spam</option>
        <option value="delete">Delete</option>
      </BulkActionBar>
      <div className={CARD_TABLE.wrapper}>
        <table className={CARD_TABLE.table}>
          <thead className={CARD_TABLE.head}>
            <tr>
              <th className="w-8 px-2 py-2">
                <input
                  type="checkbox"
                  aria-label="Select all comments"
                  checked={allSelected}
                  onChange={(event) => selectAll(event.target.checked)}
                />
              </th>
              <th className="px-2 py-2">Author</th>
              <th className="px-2 py-2">Comment</th>
              <th className="px-2 py-2">Article</th>
              <th className="px-2 py-2">Status</th>
              <th className="px-2 py-2">Date</th>
              <th className="min-w-40 px-2 py-2">Actions</th>
            </tr>
          </thead>
          <tbody className={CARD_TABLE.body}>
            {rows.length === 0 ? (
              <tr className="block md:table-row">
                <td colSpan={7} className="block px-2 py-6 text-center text-gray-500 md:table-cell">
                  No comments found
                </td>
              </tr>
            ) : null}
            {rows.map((row) => (
              <tr key={row.id} className={CARD_TABLE.row}>
                <td className={CARD_TABLE.check}>
                  <input
                    type="checkbox"
                    name="ids"
                    value={row.id}
                    form={BULK_FORM}
                    aria-label={`Select comment by ${row.authorName}`}
                    checked={selected.has(row.id)}
                    onChange={(event) => toggle(row.id, event.target.checked)}
                  />
                </td>
                <td className={CARD_TABLE.cell}>
                  <div className="font-medium break-words">{row.authorName}</div>
                  <div className="text-xs break-all text-gray-600">{row.authorEmail}</div>
                </td>
                <td className={`${CARD_TABLE.cell} break-words whitespace-pre-line md:max-w-md`}>
                  {row.text}
                </td>
                <td className={`${CARD_TABLE.cell} max-md:text-xs`}>
                  <span className={CARD_TABLE.label}>On: </span>
                  {row.articleTitle ? (
                    <Link
                      to={articlePath({ id: row.articleId, slug: row.articleSlug })}
                      className="text-brand-700 hover:underline"
                    >
                      {row.articleTitle}
                    </Link>
                  ) : (
                    <span className="text-gray-600">(deleted article)</span>
                  )}
                </td>
                <td className={`${CARD_TABLE.cell} max-md:inline-block max-md:pr-2`}>
                  <span
                    className={`rounded border px-1.5 py-0.5 text-xs font-medium ${COMMENT_STATUS_STYLE[row.status]}`}
                  >
                    {COMMENT_STATUS_LABELS[row.status]}
                  </span>
                </td>
                <td
                  className={`${CARD_TABLE.cell} whitespace-nowrap text-gray-700 max-md:inline-block max-md:text-xs`}
                >
                  {dateTimeFormat("en-US", {
                    dateStyle: "short",
                    timeStyle: "short",
                    timeZone: "UTC",
                  }).format(new Date(row.createdAt))}
                </td>
                <td className={CARD_TABLE.actions}>
                  <RowActions label={`Actions for the comment by ${row.authorName}`}>
                    <Form method="post" onSubmit={askFirst} className="flex flex-wrap gap-x-2 gap-y-1">
                      <input type="hidden" name="id" value={row.id} />
                      <input type="hidden" name="from" value={row.status} />
                      {row.actions.map((action) => (
                        <button
                          key={action}
                          name="intent"
                          value={action}
                          className="text-xs font-medium whitespace-nowrap text-gray-800 hover:underline"
                        >
                          {ACTION_LABEL(action, row.status)}
                        </button>
                      ))}
                      <button
                        name="intent"
                        value="delete"
                        className="text-xs font-medium text-red-700 hover:underline"
                      >
                        Delete
                      </button>
                    </Form>
                  </RowActions>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ConfirmDialog
        open={pending !== null}
        title="Please confirm"
        message={deleteConfirm}
        confirmLabel="Delete"
        tone="danger"
        onCancel={() => setPending(null)}
        onConfirm={() => {
          if (pending) submit(pending, { method: "post" });
          setPending(null);
          clear();
        }}
      />
    </>
  );
}
