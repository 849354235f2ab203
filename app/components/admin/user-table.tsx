/**
 * The users list: bulk selection, per-row actions and their confirmations. Every button is a real form
 * post (so the list works without JavaScript). The server acts only on a confirmed post: with JavaScript
 * the dialog asks and adds `confirmed=yes`; without it the server answers with the question, shown by
 * UserConfirmStep, whose button sends the confirmed post.
 */
import { useState, type FormEvent, type MouseEvent } from "react";
import { Form, Link, useLocation, useSubmit } from "react-router";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog";
import { useToast } from "#app/components/ui/toast";
import { USER_FORM_TEXT } from "#app/domain/users/user-form";
import { relativeDate } from "#app/lib/dates";
import { BulkActionBar } from "./list-kit/bulk-action-bar";
import { RoleBadge } from "./role-badge";
import { CARD_TABLE, RowActions } from "./row-menu";
import { useRowSelection } from "./use-row-selection";

interface UserRow {
  id: string;
  name: string;
  email: string;
  role: string;
  status: string;
  createdAt: Date | string;
  lastLoginAt: Date | string | null;
}

type RowIntent = "activate" | "deactivate" | "delete";

/** The bulk form the rows' checkboxes belong to. */
const BULK_FORM = "bulk-users";

const STATUS_STYLE: Record<string, string> = {
  active: "bg-green-100 text-green-800",
  inactive: "bg-red-100 text-red-800",
  pending: "bg-amber-100 text-amber-800",
};

const CONFIRM: Record<
  RowIntent,
  { title: string; message: string; label: string; tone: "danger" | "default" }
> = {
  activate: {
    title: "Activate User",
    message: "Are you sure you want to activate this user?",
    label: "Activate",
    tone: "default",
  },
  deactivate: {
    title: "Deactivate User",
    message: "Are you sure you want to deactivate this user? They will be signed out at once.",
    label: "Deactivate",
    tone: "danger",
  },
  delete: { title: "Delete User", message: USER_FORM_TEXT.deleteConfirm, label: "Delete", tone: "danger" },
};

/** A post waiting for the dialog: the form as its button sends it, with `confirmed` already added. */
interface Pending {
  fields: FormData;
  intent: RowIntent;
  count: number;
}

/** An action the server was asked for without its confirmation (no JavaScript yet): what to ask. */
export interface PendingUserAction {
  intent: "bulk" | RowIntent;
  action: RowIntent;
  ids: string[];
}

/** The confirmation the server renders when a user action arrives unconfirmed. */
export function UserConfirmStep({ pending }: { pending: PendingUserAction }) {
  const { search } = useLocation();
  const question = CONFIRM[pending.action];
  const count = pending.intent === "bulk" && pending.ids.length > 1 ? ` (${pending.ids.length} users)` : "";
  return (
    <Form
      method="post"
      role="alertdialog"
      aria-labelledby="user-confirm-title"
      aria-describedby="user-confirm-message"
      className="rounded-md border border-amber-300 bg-amber-50 p-4"
    >
      <p id="user-confirm-title" className="font-semibold">
        {question.title + count}
      </p>
      <p id="user-confirm-message" className="text-sm">
        {question.message}
      </p>
      <input type="hidden" name="intent" value={pending.intent} />
      <input type="hidden" name="confirmed" value="yes" />
      {pending.intent === "bulk" ? (
        <>
          <input type="hidden" name="bulkAction" value={pending.action} />
          {pending.ids.map((id) => (
            <input key={id} type="hidden" name="ids" value={id} />
          ))}
        </>
      ) : (
        <input type="hidden" name="userId" value={pending.ids[0]} />
      )}
      <div className="mt-3 flex gap-2">
        <button
          type="submit"
          autoFocus
          className={`rounded px-3 py-1 text-sm font-semibold text-white ${question.tone === "danger" ? "bg-red-700 hover:bg-red-800" : "bg-brand-700 hover:bg-brand-900"}`}
        >
          {question.label}
        </button>
        <Link
          to={`/admin/users${search}`}
          className="rounded border border-gray-300 bg-white px-3 py-1 text-sm"
        >
          Cancel
        </Link>
      </div>
    </Form>
  );
}

export function UserTable({ users, meId }: { users: UserRow[]; meId: string }) {
  const submit = useSubmit();
  const { showToast } = useToast();
  const [pending, setPending] = useState<Pending | null>(null);
  const { selected, toggle, selectAll, clear } = useRowSelection(BULK_FORM);
  const selectable = users.filter((u) => u.id !== meId);
  const allSelected = selectable.length > 0 && selected.size === selectable.length;
  const selectAllUsers = (on: boolean) =>
    selectAll(
      selectable.map((u) => u.id),
      on,
    );

  /** Every user action waits for the dialog; the server requires `confirmed` for it. */
  const ask = (fields: FormData, intent: RowIntent, count = 1) => {
    fields.set("confirmed", "yes");
    setPending({ fields, intent, count });
  };
  const askRow = (event: MouseEvent<HTMLButtonElement>, intent: RowIntent) => {
    event.preventDefault();
    const button = event.currentTarget;
    ask(new FormData(button.form ?? undefined, button), intent);
  };
  const askBulk = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fields = new FormData(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter);
    ask(fields, fields.get("bulkAction") as RowIntent, selected.size);
  };

  const confirm = pending ? CONFIRM[pending.intent] : null;
  const bulkMessage = pending && pending.count > 1 ? ` (${pending.count} users)` : "";

  return (
    <>
      <BulkActionBar
        formId={BULK_FORM}
        onSubmit={askBulk}
        allSelected={allSelected}
        onSelectAll={selectAllUsers}
        selectedCount={selected.size}
        onNothingChosen={() =>
          showToast({
            type: "warning",
            title: USER_FORM_TEXT.bulkFailed,
            message: "Choose an action and at least one user.",
          })
        }
        inset
      >
        <option value="activate">Activate</option>
        <option value="deactivate">Deactivate</option>
        <option value="delete">Delete</option>
      </BulkActionBar>
      <div className="md:overflow-x-auto">
        <table className={CARD_TABLE.table}>
          <thead className="hidden bg-gray-50 text-xs text-gray-600 uppercase md:table-header-group">
            <tr>
              <th className="w-8 px-3 py-2">
                <input
                  type="checkbox"
                  aria-label="Select all users"
                  checked={allSelected}
                  onChange={(e) => selectAllUsers(e.target.checked)}
                />
              </th>
              <th className="px-3 py-2">Name</th>
              <th className="px-3 py-2">Role</th>
              <th className="px-3 py-2">Status</th>
              <th className="hidden px-3 py-2 md:table-cell">Last sign-in</th>
              <th className="hidden px-3 py-2 lg:table-cell">Joined</th>
              <th className="px-3 py-2">Actions</th>
            </tr>
          </thead>
          <tbody className={CARD_TABLE.body}>
            {users.map((u) => {
              const isMe = u.id === meId;
              const rowIntent: RowIntent = u.status === "active" ? "deactivate" : "activate";
              return (
                <tr key={u.id} className={CARD_TABLE.row}>
                  <td className={CARD_TABLE.check}>
                    {isMe ? null : (
                      <input
                        type="checkbox"
                        form={BULK_FORM}
                        name="ids"
                        value={u.id}
                        aria-label={`Select ${u.name}`}
                        checked={selected.has(u.id)}
                        onChange={() => toggle(u.id)}
                      />
                    )}
                  </td>
                  <td className={CARD_TABLE.cell}>
                    <Link
                      to={`/admin/users/edit/${u.id}`}
                      className="font-medium break-words hover:text-brand-700"
                    >
                      {u.name}
                    </Link>
                    {isMe ? <span className="ml-1 text-xs text-gray-600">(you)</span> : null}
                    <span className="block text-xs break-all text-gray-600">{u.email}</span>
                  </td>
                  <td className={`${CARD_TABLE.cell} max-md:inline-block max-md:pr-2`}>
                    <RoleBadge role={u.role} />
                  </td>
                  <td className={`${CARD_TABLE.cell} max-md:inline-block`}>
                    <span
                      className={`rounded px-1.5 py-0.5 text-xs capitalize ${STATUS_STYLE[u.status] ?? "bg-gray-100"}`}
                    >
                      {u.status}
                    </span>
                  </td>
                  <td className={`${CARD_TABLE.cell} text-gray-600 max-md:text-xs`} suppressHydrationWarning>
                    <span className={CARD_TABLE.label}>Last sign-in: </span>
                    {u.lastLoginAt ? relativeDate(u.lastLoginAt, { style: "back-office" }) : "Never"}
                  </td>
                  <td className="hidden px-3 py-2 text-gray-600 lg:table-cell" suppressHydrationWarning>
                    {relativeDate(u.createdAt, { style: "back-office" })}
                  </td>
                  <td className={CARD_TABLE.actions}>
                    <RowActions label={`Actions for ${u.name}`}>
                      <Link
                        to={`/admin/users/edit/${u.id}`}
                        className="rounded px-2 py-1 text-brand-700 hover:bg-brand-50"
                      >
                        Edit
                      </Link>
                      {isMe ? null : (
                        <Form method="post" className="flex flex-wrap gap-1">
                          <input type="hidden" name="userId" value={u.id} />
                          <button
                            type="submit"
                            name="intent"
                            value={rowIntent}
                            onClick={(e) => askRow(e, rowIntent)}
                            aria-label={`${rowIntent === "activate" ? "Activate" : "Deactivate"} ${u.name}`}
                            className="rounded px-2 py-1 text-gray-700 hover:bg-gray-100"
                          >
                            {rowIntent === "activate" ? "Activate" : "Deactivate"}
                          </button>
                          <button
                            type="submit"
                            name="intent"
                            value="delete"
                            onClick={(e) => askRow(e, "delete")}
                            aria-label={`Delete ${u.name}`}
                            className="rounded px-2 py-1 text-red-700 hover:bg-red-50"
                          >
                            Delete
                          </button>
                        </Form>
                      )}
                    </RowActions>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <ConfirmDialog
        open={pending !== null}
        title={confirm ? confirm.title + bulkMessage : ""}
        message={confirm?.message ?? ""}
        confirmLabel={confirm?.label}
        tone={confirm?.tone}
        onCancel={() => setPending(null)}
        onConfirm={() => {
          if (pending) {
            submit(pending.fields, { method: "post" });
            if (pending.count > 1) clear();
          }
          setPending(null);
        }}
      />
    </>
  );
}
