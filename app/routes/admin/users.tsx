import { Plus } from "lucide-react";
import { useEffect } from "react";
import { data, Form, Link } from "react-router";
import { z } from "zod";
import { requirePermission } from "#app/auth/guard.server";
import { ROLE_LABELS } from "#app/auth/permissions";
import { UserConfirmStep, UserTable, type PendingUserAction } from "#app/components/admin/user-table";
import { useToast } from "#app/components/ui/toast";
import { USER_ROLES, USER_STATUSES } from "#app/lib/enums";
import { cleanSearch, USER_FORM_TEXT } from "#app/domain/users/user-form";
import {
  bulkUserAction,
  deleteUser,
  listUsers,
  setUserStatus,
  userStats,
} from "#app/domain/users/users.server";
import { redirectWithToast } from "#app/lib/flash.server";
import { parsePageParam } from "#app/lib/pagination";
import { EmptyList, ListProblem } from "#app/components/admin/list-kit/list-states";
import { ListPagination } from "#app/components/admin/list-kit/pagination";
import { IconSearchField } from "#app/components/admin/list-kit/search-form";
import { useAutoSubmit } from "#app/components/admin/list-kit/use-auto-submit";
import { USER_STATUS_LABELS } from "#app/lib/status-labels";
import { expectedError, statusOf, withDomainErrors } from "#app/lib/http-errors.server";
import type { Route } from "./+types/users";

const filterSchema = z.object({
  q: z.string().nullable().transform(cleanSearch),
  role: z.enum(USER_ROLES).nullable().catch(null),
  status: z.enum(USER_STATUSES).nullable().catch(null),
});

export const loader = withDomainErrors(async ({ request, context }: Route.LoaderArgs) => {
  const me = await requirePermission(context, "users", "view");
  const params = new URL(request.url).searchParams;
  const filter = filterSchema.parse({
    q: params.get("q"),
    role: params.get("role"),
    status: params.get("status"),
  });
  const db = context.db;
  const list = await listUsers(db, {
    search: filter.q,
    role: filter.role ?? "",
    status: filter.status ?? "",
    page: parsePageParam(params.get("page")),
  });
  const { rows: users, ...paging } = list;
  return { users, ...paging, stats: await userStats(db), filter, meId: me.id };
});

const rowAction = z.object({
  intent: z.enum(["activate", "deactivate", "delete"]),
  userId: z.string().min(1),
});
const bulkAction = z.object({
  intent: z.literal("bulk"),
  bulkAction: z.enum(["activate", "deactivate", "delete"]),
  ids: z.array(z.string().min(1)).min(1),
});

interface ActionError {
  title: string;
  message?: string;
}

/**
 * Deleting, activating and deactivating accounts runs only with `confirmed=yes` (the dialog adds it). A post
 * without it, as a tap before the page's script has loaded sends, comes back as this question, which the
 * page shows as a confirmation step of its own (UserConfirmStep).
 */
const askFirst = (confirm: PendingUserAction) => data<{ confirm: PendingUserAction }>({ confirm });

const FAILURE: Record<"activate" | "deactivate" | "delete" | "bulk", string> = {
  activate: USER_FORM_TEXT.activateFailed,
  deactivate: USER_FORM_TEXT.deactivateFailed,
  delete: USER_FORM_TEXT.deleteFailed,
  bulk: USER_FORM_TEXT.bulkFailed,
};

const SUCCESS: Record<"activate" | "deactivate" | "delete", string> = {
  activate: "User activated successfully!",
  deactivate: "User deactivated successfully!",
  delete: USER_FORM_TEXT.userDeleted,
};

export const action = withDomainErrors(async ({ request, context }: Route.ActionArgs) => {
  const actor = await requirePermission(context, "users", "manage");
  const form = await request.formData();
  const fields = { ...Object.fromEntries(form), ids: form.getAll("ids") };
  const back = `/admin/users${new URL(request.url).search}`;
  const db = context.db;
  const intent = String(form.get("intent") ?? "");
  const failKey = intent in FAILURE ? (intent as keyof typeof FAILURE) : "bulk";
  const isConfirmed = form.get("confirmed") === "yes";
  try {
    if (intent === "bulk") {
      const parsed = bulkAction.safeParse(fields);
      if (!parsed.success)
        return data<{ error: ActionError }>(
          { error: { title: FAILURE.bulk, message: "Choose an action and at least one user." } },
          { status: 400 },
        );
      if (!isConfirmed)
        return askFirst({ intent: "bulk", action: parsed.data.bulkAction, ids: parsed.data.ids });
      const n = await bulkUserAction(db, actor, parsed.data.ids, parsed.data.bulkAction);
      return redirectWithToast(back, {
        type: "success",
        title: `Successfully processed ${n} user${n === 1 ? "" : "s"}!`,
      });
    }
    const parsed = rowAction.safeParse(fields);
    if (!parsed.success)
      return data<{ error: ActionError }>({ error: { title: FAILURE[failKey] } }, { status: 400 });
    const { userId } = parsed.data;
    if (!isConfirmed)
      return askFirst({ intent: parsed.data.intent, action: parsed.data.intent, ids: [userId] });
    if (parsed.data.intent === "delete") await deleteUser(db, actor, userId);
    else await setUserStatus(db, actor, userId, parsed.data.intent === "activate" ? "active" : "inactive");
    return redirectWithToast(back, { type: "success", title: SUCCESS[parsed.data.intent] });
  } catch (error) {
    const known = expectedError(error, "[users] action failed");
    if (known) {
      return data<{ error: ActionError }>(
        { error: { title: FAILURE[failKey], message: known.message } },
        { status: statusOf(known) },
      );
    }
    return data<{ error: ActionError }>({ error: { title: FAILURE[failKey] } }, { status: 500 });
  }
});

export const meta: Route.MetaFunction = () => [{ title: "Users - Admin" }];

const STAT_CARDS = [
  ["total", "Total Users"],
  ["active", "Active"],
  ["inactive", "Inactive"],
  ["pending", "Pending"],
  ["admins", "Admins"],
  ["editors", "Editors"],
  ["writers", "Writers"],
] as const;

export default function Users({ loaderData, actionData }: Route.ComponentProps) {
  const { users, stats, filter, meId, page, pageCount, total, pageSize } = loaderData;
  const pageHref = (n: number) => {
    const query = new URLSearchParams();
    if (filter.q) query.set("q", filter.q);
    if (filter.role) query.set("role", filter.role);
    if (filter.status) query.set("status", filter.status);
    if (n > 1) query.set("page", String(n));
    const text = query.toString();
    return text ? `/admin/users?${text}` : "/admin/users";
  };
  const { showToast } = useToast();
  const applyFilters = useAutoSubmit();
  const error = actionData && "error" in actionData ? actionData.error : undefined;
  const confirm = actionData && "confirm" in actionData ? actionData.confirm : undefined;

  useEffect(() => {
    if (error) showToast({ type: "error", title: error.title, message: error.message });
  }, [error, showToast]);

  return (
    <section className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">Users</h1>
        <Link
          to="/admin/users/add"
          className="inline-flex items-center gap-1.5 rounded-md bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-900"
        >
          <Plus className="h-4 w-4" aria-hidden /> Add User
        </Link>
      </div>

      <dl className="grid grid-cols-4 gap-2 lg:grid-cols-7">
        {STAT_CARDS.map(([key, label]) => (
          <div
            key={key}
            className="min-w-0 rounded-lg border border-gray-200 bg-white px-2 py-1.5 sm:px-3 sm:py-2"
          >
            <dt className="text-[11px] leading-tight break-words text-gray-600 uppercase sm:text-xs">
              {label}
            </dt>
            <dd className="text-xl font-bold" data-testid={`users-stat-${key}`}>
              {stats[key]}
            </dd>
          </div>
        ))}
      </dl>

      {confirm ? <UserConfirmStep pending={confirm} /> : null}

      {error ? <ListProblem title={error.title} message={error.message} /> : null}

      <div className="rounded-lg border border-gray-200 bg-white">
        <Form
          method="get"
          role="search"
          className="flex flex-wrap items-end gap-2 border-b border-gray-100 px-3 py-2"
          onChange={applyFilters}
        >
          <IconSearchField
            id="user-search"
            label="Search users"
            defaultValue={filter.q}
            placeholder="Search users by name, email or role..."
            className="min-w-[12rem] flex-1"
          />
          <label className="text-sm">
            <span className="sr-only">Role</span>
            <select
              name="role"
              defaultValue={filter.role ?? ""}
              aria-label="Filter by role"
              className="rounded-md border border-gray-300 bg-white px-2 py-1.5 text-sm"
            >
              <option value="">All roles</option>
              {USER_ROLES.map((r) => (
                <option key={r} value={r}>
                  {ROLE_LABELS[r]}
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm">
            <span className="sr-only">Status</span>
            <select
              name="status"
              defaultValue={filter.status ?? ""}
              aria-label="Filter by status"
              className="rounded-md border border-gray-300 bg-white px-2 py-1.5 text-sm"
            >
              <option value="">All statuses</option>
              {USER_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {USER_STATUS_LABELS[s]}
                </option>
              ))}
            </select>
          </label>
          <button
            type="submit"
            className="rounded-md border border-gray-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-gray-50"
          >
            Filter
          </button>
        </Form>
        {users.length === 0 ? (
          <EmptyList inset>No users found.</EmptyList>
        ) : (
          <UserTable users={users} meId={meId} />
        )}
      </div>
      {pageCount > 1 ? (
        <ListPagination
          page={page}
          pageCount={pageCount}
          total={total}
          pageSize={pageSize}
          hrefFor={pageHref}
          noun="users"
        />
      ) : null}
    </section>
  );
}
