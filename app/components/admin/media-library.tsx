/**
 * The media items as a grid (default) or a list, with bulk selection, the per-item featured toggle and
 * delete. Every button is a real form post; with JavaScript, deletes ask for confirmation first.
 */
import { ExternalLink, FileText, Film, Music, Pencil, Star, Trash2 } from "lucide-react";
import { useState, type FormEvent, type MouseEvent } from "react";
import { Form, Link, useSubmit } from "react-router";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog";
import { useToast } from "#app/components/ui/toast";
import type { MediaVariant } from "#app/db/schema";
import { isShareVariant, MEDIA_TEXT } from "#app/domain/media/media-rules";
import { formatFileSize } from "#app/lib/file-size";
import { shortDate } from "#app/lib/dates";
import { BulkActionBar } from "./list-kit/bulk-action-bar";
import { TagList } from "./tag-list";
import { useRowSelection } from "./use-row-selection";

export const MEDIA_DELETE_QUESTION =
  "Are you sure you want to delete this media? This action cannot be undone.";

interface MediaItem {
  id: string;
  name: string;
  type: string;
  url: string;
  alt: string;
  tags: string[];
  featured: boolean;
  status: string;
  size: number;
  width: number | null;
  height: number | null;
  variants: MediaVariant[];
  uploadedBy: string;
  uploadedById: string | null;
  uploadedAt: Date | string;
  mimeType: string;
}

const TYPE_ICON = { video: Film, audio: Music, document: FileText } as const;

/** The smallest stored WebP for a thumbnail; media added by URL shows the URL itself. */
function thumbnailOf(item: MediaItem): string | null {
  if (item.type !== "image") return null;
  const sized = item.variants.filter((v) => !isShareVariant(v)).sort((a, b) => a.width - b.width);
  return sized[0]?.url ?? item.url;
}

function Preview({ item, className }: { item: MediaItem; className: string }) {
  const src = thumbnailOf(item);
  if (src) {
    return (
      <img src={src} alt={item.alt || item.name} loading="lazy" className={`${className} object-cover`} />
    );
  }
  const Icon = TYPE_ICON[item.type as keyof typeof TYPE_ICON] ?? FileText;
  return (
    <div className={`${className} flex items-center justify-center bg-gray-100 text-gray-500`}>
      <Icon className="h-8 w-8" aria-hidden />
    </div>
  );
}

function StatusBadge({ status }: { status: string }) {
  return (
    <span
      className={`rounded px-1.5 py-0.5 text-xs capitalize ${status === "active" ? "bg-green-100 text-green-800" : "bg-gray-200 text-gray-700"}`}
    >
      {status}
    </span>
  );
}

/** A delete waiting for the dialog: the form as its button sends it, with `confirmed` already added. */
interface Pending {
  fields: FormData;
  count: number;
}

/** The bulk form the items' checkboxes belong to. */
const BULK_FORM = "bulk-media";

export function MediaLibrary({
  items,
  view,
  canDelete,
  currentUserId,
}: {
  items: MediaItem[];
  view: "grid" | "list";
  canDelete: boolean;
  currentUserId: string;
}) {
  // Without delete (writers), only one's own uploads can be changed; the server refuses the rest.
  const canChange = (item: MediaItem) => canDelete || item.uploadedById === currentUserId;
  const submit = useSubmit();
  const { showToast } = useToast();
  const { selected, toggle, selectAll, clear } = useRowSelection(BULK_FORM);
  const [pending, setPending] = useState<Pending | null>(null);

  // The dialog is the confirmation: the post says so, or the server asks again.
  const askDelete = (fields: FormData, count = 1) => {
    fields.set("confirmed", "yes");
    setPending({ fields, count });
  };
  const askRowDelete = (event: MouseEvent<HTMLButtonElement>) => {
    event.preventDefault();
    const button = event.currentTarget;
    askDelete(new FormData(button.form ?? undefined, button));
  };
  /** Only a bulk delete asks; activate and deactivate post at once. */
  const askBulkDelete = (event: FormEvent<HTMLFormElement>) => {
    const fields = new FormData(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter);
    if (fields.get("bulkAction") !== "delete") return;
    event.preventDefault();
    askDelete(fields, selected.size);
  };

  const checkbox = (item: MediaItem) =>
    canChange(item) ? (
      <input
        type="checkbox"
        form={BULK_FORM}
        name="ids"
        value={item.id}
        checked={selected.has(item.id)}
        onChange={() => toggle(item.id)}
        aria-label={`Select ${item.name}`}
        className="h-4 w-4"
      />
    ) : (
      <span className="h-4 w-4" aria-hidden />
    );

  const actions = (item: MediaItem) => (
    <Form method="post" className="ml-auto flex items-center gap-1">
      <input type="hidden" name="id" value={item.id} />
      {canChange(item) ? (
        <button
          type="submit"
          name="intent"
          value="featured"
          aria-pressed={item.featured}
          aria-label={item.featured ? `Remove ${item.name} from featured` : `Mark ${item.name} as featured`}
          title={item.featured ? "Featured" : "Mark as featured"}
          className={`rounded p-1.5 hover:bg-yellow-50 ${item.featured ? "text-yellow-500" : "text-gray-400"}`}
        >
          <Star className="h-4 w-4" fill={item.featured ? "currentColor" : "none"} aria-hidden />
        </button>
      ) : item.featured ? (
        <span title="Featured" className="p-1.5 text-yellow-500">
          <Star className="h-4 w-4" fill="currentColor" aria-label="Featured" />
        </span>
      ) : null}
      <Link
        to={`/admin/media/${item.id}`}
        aria-label={`Details of ${item.name}`}
        title="Details, caption and copy URL"
        className="rounded p-1.5 text-gray-500 hover:bg-gray-100"
      >
        <Pencil className="h-4 w-4" aria-hidden />
      </Link>
      <a
        href={item.url}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={`Open ${item.name}`}
        className="rounded p-1.5 text-gray-500 hover:bg-gray-100"
      >
        <ExternalLink className="h-4 w-4" aria-hidden />
      </a>
      {canDelete ? (
        <button
          type="submit"
          name="intent"
          value="delete"
          onClick={askRowDelete}
          aria-label={`Delete ${item.name}`}
          className="rounded p-1.5 text-red-700 hover:bg-red-50"
        >
          <Trash2 className="h-4 w-4" aria-hidden />
        </button>
      ) : null}
    </Form>
  );

  return (
    <>
      <BulkActionBar
        formId={BULK_FORM}
        onSubmit={askBulkDelete}
        allSelected={items.length > 0 && selected.size === items.length}
        onSelectAll={(on) =>
          selectAll(
            items.map((i) => i.id),
            on,
          )
        }
        selectedCount={selected.size}
        onNothingChosen={() =>
          showToast({ type: "warning", title: MEDIA_TEXT.bulkFailed, message: MEDIA_TEXT.bulkNeedsChoice })
        }
        inset
        hasHeaderSelectAll={false}
      >
        <option value="activate">Activate</option>
        <option value="deactivate">Deactivate</option>
        {canDelete ? <option value="delete">Delete</option> : null}
      </BulkActionBar>

      {view === "grid" ? (
        <ul className="grid grid-cols-2 gap-3 p-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5">
          {items.map((item) => (
            <li
              key={item.id}
              className={`relative overflow-hidden rounded-lg border bg-white ${selected.has(item.id) ? "border-brand-600 ring-2 ring-brand-600" : "border-gray-200"}`}
            >
              <div className="absolute top-2 left-2 rounded bg-white/90 p-0.5">{checkbox(item)}</div>
              <Preview item={item} className="aspect-video w-full" />
              <div className="space-y-1 p-2">
                <p className="truncate text-sm font-medium" title={item.name}>
                  {item.name}
                </p>
                <p className="flex flex-wrap items-center gap-1 text-xs text-gray-500">
                  <span className="capitalize">{item.type}</span>
                  <span aria-hidden>·</span>
                  <span>{formatFileSize(item.size)}</span>
                  <StatusBadge status={item.status} />
                </p>
                <div className="flex flex-wrap items-center justify-between gap-x-1">
                  <span className="text-xs whitespace-nowrap text-gray-500">
                    {shortDate(item.uploadedAt)}
                  </span>
                  {actions(item)}
                </div>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <div className="overflow-x-auto">
          <table className="min-w-full text-left text-sm">
            <thead className="bg-gray-50 text-xs text-gray-500 uppercase">
              <tr>
                <th className="w-8 px-3 py-2">
                  <span className="sr-only">Select</span>
                </th>
                <th className="px-3 py-2">Media</th>
                <th className="hidden px-3 py-2 md:table-cell">Type</th>
                <th className="hidden px-3 py-2 sm:table-cell">Size</th>
                <th className="hidden px-3 py-2 lg:table-cell">Tags</th>
                <th className="hidden px-3 py-2 md:table-cell">Uploaded</th>
                <th className="hidden px-3 py-2 sm:table-cell">Status</th>
                <th className="px-3 py-2 text-right">Actions</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {items.map((item) => (
                <tr key={item.id}>
                  <td className="py-2 pr-1 pl-3 sm:px-3">{checkbox(item)}</td>
                  <td className="px-3 py-2">
                    <div className="flex items-center gap-2">
                      <Preview item={item} className="h-10 w-14 shrink-0 rounded" />
                      <div className="min-w-0">
                        <p className="max-w-[8rem] truncate font-medium sm:max-w-[14rem]">{item.name}</p>
                        <p className="text-xs text-gray-500">
                          {item.width && item.height ? `${item.width}×${item.height}` : item.mimeType}
                        </p>
                        <span className="sm:hidden">
                          <StatusBadge status={item.status} />
                        </span>
                      </div>
                    </div>
                  </td>
                  <td className="hidden px-3 py-2 capitalize md:table-cell">{item.type}</td>
                  <td className="hidden px-3 py-2 sm:table-cell">{formatFileSize(item.size)}</td>
                  <td className="hidden px-3 py-2 lg:table-cell">
                    <TagList tags={item.tags} emptyText={null} />
                  </td>
                  <td className="hidden px-3 py-2 text-gray-600 md:table-cell">
                    {shortDate(item.uploadedAt)}
                    <span className="block text-xs">{item.uploadedBy}</span>
                  </td>
                  <td className="hidden px-3 py-2 sm:table-cell">
                    <StatusBadge status={item.status} />
                  </td>
                  <td className="px-1 py-2 sm:px-3">
                    <div className="flex justify-end">{actions(item)}</div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <ConfirmDialog
        open={pending !== null}
        title={pending && pending.count > 1 ? `Delete ${pending.count} media items` : "Delete media"}
        message={MEDIA_DELETE_QUESTION}
        confirmLabel="Delete"
        tone="danger"
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
