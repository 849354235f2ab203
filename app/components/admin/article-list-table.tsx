/**
 * The article list table with its bulk bar and row actions. Every action is a real form post; with
 * JavaScript the destructive ones ask first in a dialog, without it the server asks.
 */
import { useState, type FormEvent } from "react";
import { Form, Link, useSubmit } from "react-router";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog";
import type { FlagBadge } from "#app/domain/articles/flag-rules";
import type { ArticleStatus } from "#app/lib/enums";
import { ARTICLE_STATUS_LABELS } from "#app/lib/status-labels";
import { ARTICLE_TEXT } from "#app/lib/article-form/article-text";
import { TRANSLATION_TEXT } from "#app/lib/article-form/translation-text";
import { formatDate, longDate } from "#app/lib/dates";
import { CARD_TABLE, RowActions } from "./row-menu";
import { useRowSelection } from "./use-row-selection";
import { BulkActionBar } from "./list-kit/bulk-action-bar";
import { TagList } from "./tag-list";

interface ArticleListRow {
  id: string;
  title: string;
  imageUrl: string;
  authorName: string;
  authorId: string | null;
  categoryName: string | null;
  tags: string[];
  status: string;
  featured: boolean;
  isTopStory: boolean;
  /** Who reads it in full (decision record 021); absent: everyone. */
  access?: string;
  displayDate: string | Date;
  /** When a scheduled story goes live (null for every other status). */
  scheduledAt: string | Date | null;
  comments: number;
  /** A proposed change to this live story waits for an editor. */
  hasProposal: boolean;
  /** The edition's tag the story is in (decision record 022); absent: not shown. */
  language?: string;
  /** 'Featured' on the live story; 'Featured when published' on a draft or scheduled one (flag-rules.ts). */
  flags: FlagBadge[];
}

const STATUS_BADGE: Record<ArticleStatus, string> = {
  published: "bg-green-100 text-green-800",
  draft: "bg-gray-200 text-gray-800",
  pending: "bg-amber-100 text-amber-900",
  scheduled: "bg-violet-100 text-violet-900",
};

const FLAG_BADGE: Record<FlagBadge["flag"], string> = {
  featured: "bg-blue-100 text-blue-900",
  isTopStory: "bg-red-100 text-red-800",
};

const BULK_FORM = "article-bulk-form";

interface Pending {
  message: string;
  data: FormData;
}

export function ArticleListTable({
  rows,
  canPublish,
  canEditAll,
  userId,
  timeZone = "UTC",
  editions = [],
}: {
  rows: ArticleListRow[];
  canPublish: boolean;
  canEditAll: boolean;
  userId: string;
  /** The site's timezone: a scheduled story's time is shown as the newsroom reads it. */
  timeZone?: string;
  /** The site's editions: with more than one, each row names its story's language, to tell versions apart. */
  editions?: Array<{ tag: string; name: string }>;
}) {
  const editionName = (tag: string) => editions.find((edition) => edition.tag === tag)?.name ?? tag;
  const submit = useSubmit();
  const { selected, toggle, selectAll, clear } = useRowSelection(BULK_FORM);
  const [pending, setPending] = useState<Pending | null>(null);
  const allSelected = rows.length > 0 && rows.every((r) => selected.has(r.id));

  /** Destructive posts wait for the dialog; the server requires `confirmed` for them. */
  const askFirst = (message: string) => (event: FormEvent<HTMLFormElement>) => {
    const data = new FormData(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter);
    if (data.get("intent") === "bulk" && data.get("bulkAction") !== "delete") return;
    event.preventDefault();
    data.set("confirmed", "yes");
    setPending({ message, data });
  };

  const rowButton = "text-xs font-medium whitespace-nowrap hover:underline";
  return (
    <>
      <BulkActionBar
        formId={BULK_FORM}
        onSubmit={askFirst(ARTICLE_TEXT.deleteConfirm)}
        allSelected={allSelected}
        onSelectAll={(on) =>
          selectAll(
            rows.map((r) => r.id),
            on,
          )
        }
        selectedCount={selected.size}
      >
        {canPublish ? <option value="publish">Publish</option> : null}
        {canPublish ? <option value="draft">Move to Draft</option> : null}
        <option value="delete">Delete</option>
      </BulkActionBar>
      <div className={CARD_TABLE.wrapper}>
        <table className={CARD_TABLE.table}>
          <thead className={CARD_TABLE.head}>
            <tr>
              <th className="w-8 px-2 py-2">
                <input
                  type="checkbox"
                  aria-label="Select all articles"
                  checked={allSelected}
                  onChange={(event) =>
                    selectAll(
                      rows.map((r) => r.id),
                      event.target.checked,
                    )
                  }
                />
              </th>
              <th className="px-2 py-2">Title</th>
              <th className="px-2 py-2">Author</th>
              <th className="px-2 py-2">Category</th>
              <th className="px-2 py-2">Tags</th>
              <th className="px-2 py-2">Comments</th>
              <th className="px-2 py-2">Date</th>
              <th className="min-w-44 px-2 py-2">Actions</th>
            </tr>
          </thead>
          <tbody className={CARD_TABLE.body}>
            {rows.length === 0 ? (
              <tr className="block md:table-row">
                <td colSpan={8} className="block px-2 py-6 text-center text-gray-500 md:table-cell">
                  No articles found
                </td>
              </tr>
            ) : null}
            {rows.map((row) => {
              const status = row.status as ArticleStatus;
              const mayDelete = canEditAll || (row.authorId === userId && status !== "published");
              return (
                <tr key={row.id} className={CARD_TABLE.row}>
                  <td className={CARD_TABLE.check}>
                    <input
                      type="checkbox"
                      name="ids"
                      value={row.id}
                      form={BULK_FORM}
                      aria-label={`Select ${row.title}`}
                      checked={selected.has(row.id)}
                      onChange={(event) => toggle(row.id, event.target.checked)}
                    />
                  </td>
                  <td className={CARD_TABLE.cell}>
                    <div className="flex items-start gap-2">
                      {row.imageUrl ? (
                        <img
                          src={row.imageUrl}
                          alt=""
                          loading="lazy"
                          className="h-10 w-14 shrink-0 rounded object-cover"
                        />
                      ) : (
                        <span className="h-10 w-14 shrink-0 rounded bg-gray-100" aria-hidden="true" />
                      )}
                      <div className="min-w-0 md:min-w-40">
                        <Link
                          to={`/admin/articles/edit/${row.id}`}
                          className="font-medium text-gray-900 hover:text-brand-700 hover:underline"
                        >
                          {row.title}
                        </Link>
                        <div className="mt-0.5 flex flex-wrap gap-1">
                          <span
                            className={`rounded px-1.5 py-0.5 text-xs ${STATUS_BADGE[status] ?? STATUS_BADGE.draft}`}
                          >
                            {status === "scheduled" && row.scheduledAt
                              ? `Scheduled for ${formatDate(row.scheduledAt, "M j, Y g:i A", timeZone)}`
                              : (ARTICLE_STATUS_LABELS[status] ?? row.status)}
                          </span>
                          {row.hasProposal ? (
                            <Link
                              to={`/admin/articles/revisions/${row.id}`}
                              className="rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-900 underline"
                            >
                              Changes waiting for review
                            </Link>
                          ) : null}
                          {editions.length > 1 && row.language ? (
                            <span
                              className="rounded bg-sky-100 px-1.5 py-0.5 text-xs text-sky-900"
                              data-testid="article-language"
                              title={`${TRANSLATION_TEXT.languageLabel}: ${editionName(row.language)}`}
                            >
                              {editionName(row.language)}
                            </span>
                          ) : null}
                          {row.flags.map(({ flag, label }) => (
                            <span key={flag} className={`rounded px-1.5 py-0.5 text-xs ${FLAG_BADGE[flag]}`}>
                              {label}
                            </span>
                          ))}
                          {row.access === "members" || row.access === "paid" ? (
                            <span className="rounded bg-emerald-100 px-1.5 py-0.5 text-xs text-emerald-900">
                              {row.access === "paid" ? "Paid" : "Members"}
                            </span>
                          ) : null}
                        </div>
                      </div>
                    </div>
                  </td>
                  <td className={`${CARD_TABLE.meta} md:whitespace-nowrap`}>
                    <span className={CARD_TABLE.label}>By </span>
                    {row.authorName || "—"}
                  </td>
                  <td className={`${CARD_TABLE.meta} md:whitespace-nowrap`}>
                    <span className={CARD_TABLE.label}>in </span>
                    {row.categoryName ?? "—"}
                  </td>
                  <td className={row.tags.length > 0 ? CARD_TABLE.cell : `${CARD_TABLE.cell} max-md:hidden`}>
                    <TagList tags={row.tags} />
                  </td>
                  <td className={`${CARD_TABLE.meta} md:text-center`}>
                    {row.comments}
                    <span className={CARD_TABLE.label}> comments</span>
                  </td>
                  <td className={`${CARD_TABLE.meta} md:whitespace-nowrap`}>{longDate(row.displayDate)}</td>
                  <td className={CARD_TABLE.actions}>
                    <RowActions label={`Actions for ${row.title}`}>
                      {canPublish ? (
                        status === "published" ? (
                          <Form method="post" onSubmit={askFirst(ARTICLE_TEXT.unpublishConfirm)}>
                            <input type="hidden" name="id" value={row.id} />
                            <button name="intent" value="unpublish" className={`${rowButton} text-amber-800`}>
                              Unpublish
                            </button>
                          </Form>
                        ) : (
                          <>
                            <Form method="post">
                              <input type="hidden" name="id" value={row.id} />
                              <button name="intent" value="publish" className={`${rowButton} text-green-800`}>
                                {status === "scheduled" ? "Publish now" : "Publish"}
                              </button>
                            </Form>
                            {status === "scheduled" ? (
                              <Form method="post" onSubmit={askFirst(ARTICLE_TEXT.unpublishConfirm)}>
                                <input type="hidden" name="id" value={row.id} />
                                <button
                                  name="intent"
                                  value="unpublish"
                                  className={`${rowButton} text-amber-800`}
                                >
                                  Unschedule (to draft)
                                </button>
                              </Form>
                            ) : null}
                          </>
                        )
                      ) : null}
                      {canEditAll ? (
                        <>
                          <Form method="post">
                            <input type="hidden" name="id" value={row.id} />
                            <button
                              name="intent"
                              value={row.featured ? "unfeature" : "feature"}
                              className={`${rowButton} text-blue-800`}
                            >
                              {row.featured ? "Unfeature" : "Feature"}
                            </button>
                          </Form>
                          <Form method="post">
                            <input type="hidden" name="id" value={row.id} />
                            <button
                              name="intent"
                              value={row.isTopStory ? "unbreaking" : "breaking"}
                              className={`${rowButton} text-red-800`}
                            >
                              {row.isTopStory ? "Remove Breaking News" : "Mark as Breaking News"}
                            </button>
                          </Form>
                        </>
                      ) : null}
                      <Link to={`/admin/articles/edit/${row.id}`} className={`${rowButton} text-gray-800`}>
                        Edit
                      </Link>
                      {mayDelete ? (
                        <Form method="post" onSubmit={askFirst(ARTICLE_TEXT.deleteConfirm)}>
                          <input type="hidden" name="id" value={row.id} />
                          <button name="intent" value="delete" className={`${rowButton} text-red-700`}>
                            Delete
                          </button>
                        </Form>
                      ) : null}
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
        title="Please confirm"
        message={pending?.message ?? ""}
        confirmLabel="Confirm"
        tone="danger"
        onCancel={() => setPending(null)}
        onConfirm={() => {
          if (pending) submit(pending.data, { method: "post" });
          setPending(null);
          clear();
        }}
      />
    </>
  );
}
