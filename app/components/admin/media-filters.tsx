/**
 * Filters, search, sort and the grid/list switch of the media library. Everything lives in the URL
 * (a GET form and links), so it works without JavaScript; with it, a change applies at once.
 */
import { LayoutGrid, List } from "lucide-react";
import { Form, Link } from "react-router";
import { IconSearchField } from "./list-kit/search-form";
import { useAutoSubmit } from "./list-kit/use-auto-submit";

interface MediaFilterValues {
  view: "grid" | "list";
  type: string | null;
  status: string | null;
  sort: "date" | "name" | "size";
  order: "asc" | "desc";
  q: string;
}

const selectClass = "w-full rounded-md border border-gray-300 bg-white px-2 py-1.5 text-sm sm:w-auto";

function viewHref(filter: MediaFilterValues, view: "grid" | "list") {
  const params = new URLSearchParams();
  if (view === "list") params.set("view", "list");
  if (filter.type) params.set("type", filter.type);
  if (filter.status) params.set("status", filter.status);
  if (filter.sort !== "date") params.set("sort", filter.sort);
  if (filter.order !== "desc") params.set("order", filter.order);
  if (filter.q) params.set("q", filter.q);
  const query = params.toString();
  return query ? `/admin/media?${query}` : "/admin/media";
}

export function MediaFilters({ filter }: { filter: MediaFilterValues }) {
  const applyFilters = useAutoSubmit();
  const viewLink = (view: "grid" | "list") =>
    `inline-flex items-center gap-1 rounded-md px-2 py-1.5 text-sm ${
      filter.view === view ? "bg-brand-700 text-white" : "text-gray-700 hover:bg-gray-100"
    }`;

  return (
    <div className="flex flex-wrap items-end gap-2 border-b border-gray-100 px-3 py-2">
      <Form
        method="get"
        role="search"
        className="grid w-full grid-cols-2 gap-2 sm:flex sm:w-auto sm:flex-1 sm:flex-wrap sm:items-end"
        onChange={applyFilters}
      >
        {filter.view === "list" ? <input type="hidden" name="view" value="list" /> : null}
        <IconSearchField
          id="media-search"
          label="Search media"
          defaultValue={filter.q}
          placeholder="Search by name or tag..."
          className="col-span-2 sm:min-w-[10rem] sm:flex-1"
        />
        <select
          name="type"
          defaultValue={filter.type ?? ""}
          aria-label="Filter by type"
          className={selectClass}
        >
          <option value="">All types</option>
          <option value="image">Images</option>
          <option value="video">Videos</option>
          <option value="audio">Audio</option>
          <option value="document">Documents</option>
        </select>
        <select
          name="status"
          defaultValue={filter.status ?? ""}
          aria-label="Filter by status"
          className={selectClass}
        >
          <option value="">All statuses</option>
          <option value="active">Active</option>
          <option value="inactive">Inactive</option>
        </select>
        <select name="sort" defaultValue={filter.sort} aria-label="Sort by" className={selectClass}>
          <option value="date">Date</option>
          <option value="name">Name</option>
          <option value="size">Size</option>
        </select>
        <select name="order" defaultValue={filter.order} aria-label="Sort order" className={selectClass}>
          <option value="desc">Descending</option>
          <option value="asc">Ascending</option>
        </select>
        <button
          type="submit"
          className="rounded-md border border-gray-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-gray-50"
        >
          Filter
        </button>
      </Form>
      <nav aria-label="View" className="ml-auto flex gap-1">
        <Link
          to={viewHref(filter, "grid")}
          className={viewLink("grid")}
          aria-current={filter.view === "grid" ? "page" : undefined}
        >
          <LayoutGrid className="h-4 w-4" aria-hidden /> Grid
        </Link>
        <Link
          to={viewHref(filter, "list")}
          className={viewLink("list")}
          aria-current={filter.view === "list" ? "page" : undefined}
        >
          <List className="h-4 w-4" aria-hidden /> List
        </Link>
      </nav>
    </div>
  );
}
