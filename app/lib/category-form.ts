/**
 * The back office's category form: its texts, its schema (run in the browser and again on the server)
 * and the slug that follows the name.
 */
import { z } from "zod";
import { formText, parseForm } from "./form";
import { trimmedFormText } from "./form-fields";
import { categorySlug } from "./slug";

export const CATEGORY_TEXT = {
  nameRequired: "Category name is required!",
  created: "Category created successfully!",
  createFailed: "Error creating category. Please try again.",
  notFound: "Category not found!",
  loadFailed: "Error loading category!",
  loading: "Loading category...",
  updated: "Category updated successfully!",
  updateFailed: "Error updating category!",
  deleted: "Category deleted successfully!",
  deleteFailed: "Error deleting category!",
  deleteConfirm: "Are you sure you want to delete this category? This action cannot be undone.",
  duplicateName: "A category with this name already exists. Please choose another name.",
  duplicateSlug: "A category with this slug already exists. Please choose another slug.",
  invalidSlug: "The slug may contain only lowercase letters, digits and hyphens.",
  invalidColor: "Please choose a colour such as #1e3a8a.",
  chooseMoveTarget: "This category has articles. Choose the category they should move to.",
  invalidMoveTarget: "Please choose another existing category for its articles.",
  bulkNone: "Please select at least one category.",
} as const;

export const DEFAULT_CATEGORY_COLOR = "#1e3a8a";

/** The slug that follows the name while typing (and cleans a typed slug): see lib/slug.ts. */
export const slugFromName = categorySlug;

const categoryInput = z.object({
  name: z.preprocess(
    (v) => formText(v).replace(/[<>]/g, "").trim(),
    z.string().min(1, CATEGORY_TEXT.nameRequired).max(100),
  ),
  slug: trimmedFormText(120),
  description: trimmedFormText(500),
  color: z.preprocess(
    (v) => formText(v).trim() || DEFAULT_CATEGORY_COLOR,
    z.string().regex(/^#[0-9a-fA-F]{6}$/, CATEGORY_TEXT.invalidColor),
  ),
});
export type CategoryInput = z.infer<typeof categoryInput>;
export type CategoryFieldErrors = Partial<Record<keyof CategoryInput, string>>;

type CategoryParse =
  { ok: true; data: CategoryInput & { slug: string } } | { ok: false; fieldErrors: CategoryFieldErrors };

/** An empty slug follows the name; a typed one is cleaned the same way and must not end up empty. */
export function parseCategoryForm(values: Record<string, unknown>): CategoryParse {
  const parsed = parseForm(categoryInput, values);
  if (!parsed.ok) return { ok: false, fieldErrors: parsed.fieldErrors as CategoryFieldErrors };
  const slug = slugFromName(parsed.data.slug || parsed.data.name);
  if (!slug) return { ok: false, fieldErrors: { slug: CATEGORY_TEXT.invalidSlug } };
  return { ok: true, data: { ...parsed.data, slug } };
}
