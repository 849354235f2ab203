/**
 * The library picker of the image dialog: active images from the media library, searched by name and
 * tags, a page at a time, each shown by its smallest stored copy. Reads /admin/media/picker.
 */
import { useEffect, useState } from "react";
import {
  EDITOR_IMAGE_TEXT,
  EDITOR_MEDIA_PATHS,
  type PickerImage,
} from "#app/domain/media/editor-image-rules";

interface PickerPage {
  items: PickerImage[];
  page: number;
  pageCount: number;
  total: number;
}

type Loaded = { state: "loading" } | { state: "failed"; message: string } | ({ state: "ready" } & PickerPage);

export function MediaPicker({
  selectedId,
  onSelect,
}: {
  selectedId: string | null;
  onSelect(image: PickerImage): void;
}) {
  const [query, setQuery] = useState("");
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const [loaded, setLoaded] = useState<Loaded>({ state: "loading" });

  // Typing waits a moment before asking the server, so a word is one request, not one per letter.
  useEffect(() => {
    const timer = window.setTimeout(() => {
      setSearch(query.trim());
      setPage(1);
    }, 250);
    return () => window.clearTimeout(timer);
  }, [query]);

  useEffect(() => {
    const controller = new AbortController();
    const params = new URLSearchParams();
    if (search) params.set("q", search);
    if (page > 1) params.set("page", String(page));
    setLoaded({ state: "loading" });
    fetch(`${EDITOR_MEDIA_PATHS.picker}?${params}`, { signal: controller.signal, credentials: "same-origin" })
      .then(async (response) => {
        const body = (await response.json()) as PickerPage & { title?: string; message?: string };
        if (!response.ok) setLoaded({ state: "failed", message: body.message ?? response.statusText });
        else setLoaded({ state: "ready", ...body });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted)
          setLoaded({ state: "failed", message: error instanceof Error ? error.message : String(error) });
      });
    return () => controller.abort();
  }, [search, page]);

  return (
    <div className="space-y-2">
      <label htmlFor="media-picker-search" className="block text-sm font-medium">
        Search the library
      </label>
      <input
        id="media-picker-search"
        type="search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Enter") event.preventDefault();
        }}
        placeholder="Name or tag"
        className="w-full rounded border border-gray-300 px-2 py-1.5 text-sm"
      />
      <div aria-live="polite" className="min-h-40">
        {loaded.state === "loading" ? (
          <p className="py-6 text-center text-sm text-gray-500">Loading...</p>
        ) : null}
        {loaded.state === "failed" ? (
          <p role="alert" className="py-6 text-center text-sm text-red-700">
            {loaded.message}
          </p>
        ) : null}
        {loaded.state === "ready" && loaded.items.length === 0 ? (
          <p className="py-6 text-center text-sm text-gray-500">{EDITOR_IMAGE_TEXT.noImages}</p>
        ) : null}
        {loaded.state === "ready" && loaded.items.length > 0 ? (
          <ul className="grid max-h-72 grid-cols-2 gap-2 overflow-y-auto p-1 sm:grid-cols-3 md:grid-cols-4">
            {loaded.items.map((image) => (
              <li key={image.id}>
                <button
                  type="button"
                  aria-pressed={image.id === selectedId}
                  onClick={() => onSelect(image)}
                  className={`block w-full overflow-hidden rounded border text-left ${image.id === selectedId ? "border-brand-700 ring-2 ring-brand-700" : "border-gray-200 hover:border-gray-400"}`}
                >
                  <img
                    src={image.thumbUrl}
                    alt=""
                    loading="lazy"
                    className="aspect-[4/3] w-full bg-gray-100 object-cover"
                  />
                  <span className="block truncate px-1.5 py-1 text-xs">{image.name}</span>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      {loaded.state === "ready" && loaded.pageCount > 1 ? (
        <div className="flex items-center justify-between text-sm">
          <button
            type="button"
            disabled={loaded.page <= 1}
            onClick={() => setPage(loaded.page - 1)}
            className="rounded border border-gray-300 px-2 py-1 disabled:opacity-50"
          >
            Previous
          </button>
          <span>
            Page {loaded.page} of {loaded.pageCount}
          </span>
          <button
            type="button"
            disabled={loaded.page >= loaded.pageCount}
            onClick={() => setPage(loaded.page + 1)}
            className="rounded border border-gray-300 px-2 py-1 disabled:opacity-50"
          >
            Next
          </button>
        </div>
      ) : null}
    </div>
  );
}
