/**
 * The delete confirmation for categories, rendered by the server so it works without JavaScript.
 * When the categories hold articles it asks where they go: they never point at nothing.
 */
import { Form, Link } from "react-router";
import { CATEGORY_TEXT } from "#app/lib/category-form";

export interface CategoryDeleteRequest {
  ids: string[];
  articleCount: number;
  error?: string;
}

export function CategoryDeleteStep({
  request,
  categories,
}: {
  request: CategoryDeleteRequest;
  categories: Array<{ id: string; name: string }>;
}) {
  const targets = categories.filter((c) => !request.ids.includes(c.id));
  const names = categories.filter((c) => request.ids.includes(c.id)).map((c) => c.name);
  return (
    <div className="fixed inset-0 z-40 flex items-center justify-center bg-black/40 p-4">
      <Form
        method="post"
        role="dialog"
        aria-modal="true"
        aria-labelledby="category-delete-title"
        className="w-full max-w-md rounded-lg bg-white p-6 shadow-xl"
      >
        <h2 id="category-delete-title" className="text-lg font-semibold">
          Delete {names.length === 1 ? `“${names[0]}”` : `${request.ids.length} categories`}
        </h2>
        <p className="mt-2 text-gray-700">{CATEGORY_TEXT.deleteConfirm}</p>
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="confirmed" value="yes" />
        {request.ids.map((id) => (
          <input key={id} type="hidden" name="ids" value={id} />
        ))}
        {request.articleCount > 0 ? (
          <div className="mt-4">
            <label htmlFor="moveTo" className="mb-1 block text-sm font-medium">
              {request.articleCount === 1
                ? "Its 1 article moves to"
                : `Their ${request.articleCount} articles move to`}
            </label>
            <select
              id="moveTo"
              name="moveTo"
              required
              defaultValue=""
              className="w-full rounded border border-gray-300 px-2 py-1.5 text-sm"
            >
              <option value="" disabled>
                Choose a category
              </option>
              {targets.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
            {targets.length === 0 ? (
              <p className="mt-1 text-sm text-red-700">{CATEGORY_TEXT.invalidMoveTarget}</p>
            ) : null}
          </div>
        ) : null}
        {request.error ? (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {request.error}
          </p>
        ) : null}
        <div className="mt-6 flex justify-end gap-3">
          <Link to="." className="rounded-md border border-gray-300 px-4 py-2 font-medium hover:bg-gray-50">
            Cancel
          </Link>
          <button
            type="submit"
            autoFocus
            className="rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800"
          >
            Delete
          </button>
        </div>
      </Form>
    </div>
  );
}
