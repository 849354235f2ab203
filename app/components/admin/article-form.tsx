/**
 * The add / edit article screen's form: title, body editor and the sidebar.
 * A plain <Form method="post">: it works without JavaScript, and what was typed survives a failed save.
 * With JavaScript it also keeps work from being lost (tests/e2e/editor-safety.spec.ts): drafts autosave, and
 * leaving with unsaved changes asks first (use-article-autosave.ts, unsaved-changes-guard.tsx).
 */
import { DatePickerButton } from "./date-picker";
import { useRef, useState, type FormEvent, type ReactNode } from "react";
import { Form, Link } from "react-router";
import { useToast } from "#app/components/ui/toast";
import { AUTOSAVE_TEXT, formatSavedTime } from "#app/lib/article-autosave";
import { ARTICLE_CONTENT_MAX_BYTES, type ArticleFieldErrors } from "#app/lib/article-form/article-input";
import { ARTICLE_STATUS_LABELS } from "#app/lib/status-labels";
import { ARTICLE_TEXT } from "#app/lib/article-form/article-text";
import { TRANSLATION_TEXT } from "#app/lib/article-form/translation-text";
import type { ArticleFormValues } from "#app/lib/article-form/form-values";
import type { ArticleStatus } from "#app/lib/enums";
import { stripHtml } from "#app/lib/text";
import { EDITOR_IMAGE_TEXT } from "#app/domain/media/editor-image-rules";
import { ArticleSeoFields } from "./article-seo-fields";
import { ArticleTagsInput } from "./article-tags-input";
import { ImageDialog } from "./editor/image-dialog";
import { RichTextEditor } from "./editor/rich-text-editor";
import { useHydrated } from "./editor/use-hydrated";
import { useFieldState } from "./use-field-state";
import { UnsavedChangesGuard } from "./unsaved-changes-guard";
import { useArticleAutosave, type AutosaveState } from "./use-article-autosave";

interface ArticleFormProps {
  mode: "add" | "edit";
  values: ArticleFormValues;
  /** The stored article (edit screen); the add screen has none until its first autosave. */
  articleId?: string;
  /** The stored status, null for a new article: only drafts autosave. */
  storedStatus: ArticleStatus | null;
  fieldErrors?: ArticleFieldErrors;
  categories: Array<{ id: string; name: string }>;
  authors: string[];
  /** The site's editions, in order: the language select lists them all (decision record 022). */
  editions?: EditionOption[];
  /** Editors and admins publish and set the flags; a writer submits for review. */
  canPublish: boolean;
  submitting: boolean;
  /** Extra hidden fields (the auto-saved draft's id). */
  hidden?: ReactNode;
  /** Shown in the Publish panel under the status (an editor's correction note on a published story). */
  publishExtras?: ReactNode;
  onDirty?(form: HTMLFormElement): void;
  /** Shown at the end of the sidebar (the edit screen's views chart). */
  sidebarExtra?: ReactNode;
  /** The site's timezone (Settings): the schedule's date and time are read in it. */
  timeZone?: string;
  /** Settings → Content's 'Week Starts On' (0 Sunday, 1 Monday), for the date picker. */
  weekStartsOn?: number;
}

interface EditionOption {
  tag: string;
  name: string;
  enabled: boolean;
}

/** Who reads a story in full (decision record 021). */
const ACCESS_OPTIONS = [
  { value: "public", label: "Everyone" },
  { value: "members", label: "Members" },
  { value: "paid", label: "Paying readers" },
] as const;

const inputClass = (invalid?: string) =>
  `w-full rounded border px-2 py-1.5 text-sm ${invalid ? "border-red-500" : "border-gray-300"}`;

function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-700">
      {message}
    </p>
  );
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded border border-gray-200 bg-white p-3">
      <h2 className="mb-2 text-xs font-semibold tracking-wide text-gray-500 uppercase">{title}</h2>
      {children}
    </section>
  );
}

/** What the autosave last did, in words; a save time only once the server has confirmed it. */
function AutosaveStatus({ state }: { state: AutosaveState }) {
  const savedAt = (iso: string | undefined) => (iso ? AUTOSAVE_TEXT.savedAt(formatSavedTime(iso)) : "");
  let text = "";
  let tone = "text-gray-600";
  if (state.kind === "saving") text = savedAt(state.lastSavedAt) || AUTOSAVE_TEXT.saving;
  else if (state.kind === "saved") text = savedAt(state.at);
  else if (state.kind === "waiting") text = AUTOSAVE_TEXT.waitingForTitle;
  else if (state.kind === "draftsOnly") text = AUTOSAVE_TEXT.draftsOnly;
  else if (state.kind === "saveOutcome") text = state.text;
  else if (state.kind === "failed") {
    text = state.lastSavedAt
      ? `${state.message} ${AUTOSAVE_TEXT.lastSavedAt(formatSavedTime(state.lastSavedAt))}`
      : state.message;
    tone = "font-medium text-red-700";
  }
  return (
    <p role="status" className={`min-h-5 text-sm ${tone}`}>
      {text}
    </p>
  );
}

export function ArticleForm({
  mode,
  values,
  articleId,
  storedStatus,
  fieldErrors = {},
  categories,
  authors,
  editions = [],
  canPublish,
  submitting,
  hidden,
  publishExtras,
  onDirty,
  sidebarExtra,
  timeZone = "UTC",
  weekStartsOn = 0,
}: ArticleFormProps) {
  const { showToast } = useToast();
  const [clientErrors, setClientErrors] = useState<ArticleFieldErrors>({});
  const manualDateField = useRef<HTMLInputElement>(null);
  const imageUrlField = useRef<HTMLInputElement>(null);
  const statusField = useRef<HTMLSelectElement>(null);
  const languageField = useRef<HTMLSelectElement>(null);
  // Title and body say which language they are in (screen readers, spelling), following the select.
  const [language, setLanguage] = useFieldState(values.language, languageField);
  const [useManualDate, setUseManualDate] = useFieldState(values.useManualDate, manualDateField);
  const [imageUrl, setImageUrl] = useFieldState(values.imageUrl, imageUrlField);
  const [isImageDialogOpen, setImageDialogOpen] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const hydrated = useHydrated();
  const autosave = useArticleAutosave({ formRef, articleId, storedStatus, hydrated });
  const errors = { ...fieldErrors, ...clientErrors };
  const statuses = canPublish
    ? (["draft", "pending", "published", "scheduled"] as const)
    : (["draft", "pending"] as const);
  // A writer's save of a live or scheduled story goes back to review by default (only editors publish).
  const initialStatus =
    canPublish || (values.status !== "published" && values.status !== "scheduled")
      ? values.status
      : "pending";
  const [status, setStatus] = useFieldState<ArticleStatus>(
    initialStatus,
    statusField,
    (field) => field.value as ArticleStatus,
  );

  // Quick feedback in the browser; the server checks the same rules again.
  const checkBeforeSubmit = (event: FormEvent<HTMLFormElement>) => {
    const data = new FormData(event.currentTarget);
    const next: ArticleFieldErrors = {};
    const content = String(data.get("content") ?? "");
    if (!String(data.get("title") ?? "").trim()) next.title = ARTICLE_TEXT.missingTitle;
    else if (!stripHtml(content)) next.content = ARTICLE_TEXT.missingContent;
    else if (new TextEncoder().encode(content).length > ARTICLE_CONTENT_MAX_BYTES)
      next.content = ARTICLE_TEXT.contentTooLong;
    setClientErrors(next);
    if (next.title)
      showToast({ type: "error", title: ARTICLE_TEXT.missingTitleTitle, message: ARTICLE_TEXT.missingTitle });
    else if (next.content === ARTICLE_TEXT.contentTooLong)
      showToast({ type: "error", title: ARTICLE_TEXT.contentTooLongTitle, message: next.content });
    else if (next.content)
      showToast({
        type: "error",
        title: ARTICLE_TEXT.missingContentTitle,
        message: ARTICLE_TEXT.missingContent,
      });
    if (next.title || next.content) event.preventDefault();
    else autosave.submitting();
  };

  const markDirty = () => {
    autosave.changed();
    if (formRef.current) onDirty?.(formRef.current);
  };

  return (
    <Form
      method="post"
      ref={formRef}
      onSubmit={checkBeforeSubmit}
      onChange={markDirty}
      // Tags removed with their × button and the like change the form without a change event.
      onClick={autosave.scheduleCheck}
      noValidate
      className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]"
    >
      {hidden}
      {autosave.draftId ? <input type="hidden" name="draftId" value={autosave.draftId} /> : null}
      <UnsavedChangesGuard when={autosave.unsaved} />
      <div className="space-y-4">
        <AutosaveStatus state={autosave.state} />
        <div>
          <label htmlFor="title" className="mb-1 block text-sm font-medium">
            Title
          </label>
          <input
            id="title"
            name="title"
            defaultValue={values.title}
            lang={language || undefined}
            maxLength={300}
            aria-invalid={errors.title ? true : undefined}
            aria-describedby={errors.title ? "title-error" : undefined}
            className={`${inputClass(errors.title)} text-lg font-semibold`}
            placeholder="Enter article title"
          />
          <FieldError id="title-error" message={errors.title} />
        </div>
        <div>
          <label htmlFor="content" className="mb-1 block text-sm font-medium">
            Content
          </label>
          <div lang={language || undefined}>
            <RichTextEditor
              name="content"
              defaultValue={values.content}
              invalid={!!errors.content}
              describedBy={errors.content ? "content-error" : undefined}
              onChange={markDirty}
            />
          </div>
          <FieldError id="content-error" message={errors.content} />
        </div>
        <div>
          <label htmlFor="excerpt" className="mb-1 block text-sm font-medium">
            Excerpt{" "}
            <span className="font-normal text-gray-500">
              (optional: taken from the content when left empty)
            </span>
          </label>
          <textarea
            id="excerpt"
            name="excerpt"
            rows={3}
            maxLength={500}
            defaultValue={values.excerpt}
            className={inputClass()}
          />
        </div>
        <ArticleSeoFields values={values} errors={errors} />
      </div>

      <aside className="space-y-3">
        <Panel title="Publish">
          <label htmlFor="status" className="mb-1 block text-sm font-medium">
            Status
          </label>
          <select
            id="status"
            name="status"
            ref={statusField}
            value={status}
            onChange={(event) => setStatus(event.target.value as ArticleStatus)}
            className={inputClass()}
          >
            {statuses.map((option) => (
              <option key={option} value={option}>
                {ARTICLE_STATUS_LABELS[option]}
              </option>
            ))}
          </select>
          {canPublish && status === "scheduled" ? (
            <div className="mt-2">
              <label htmlFor="scheduledAt" className="mb-1 block text-sm font-medium">
                Publish at <span className="font-normal text-gray-500">({timeZone} time)</span>
              </label>
              <input
                id="scheduledAt"
                name="scheduledAt"
                type="datetime-local"
                defaultValue={values.scheduledAt}
                aria-invalid={errors.scheduledAt ? true : undefined}
                aria-describedby={errors.scheduledAt ? "scheduled-error" : "scheduled-hint"}
                className={inputClass(errors.scheduledAt)}
              />
              <FieldError id="scheduled-error" message={errors.scheduledAt} />
              <p id="scheduled-hint" className="mt-1 text-xs text-gray-500">
                The story goes live on its own at this time.
              </p>
            </div>
          ) : null}
          {canPublish ? null : (
            <p className="mt-1 text-xs text-gray-500">An editor reviews and publishes your article.</p>
          )}
          {publishExtras}
          <div className="mt-3 flex flex-wrap gap-2">
            <button
              type="submit"
              disabled={submitting || autosave.saving}
              className="rounded bg-brand-700 px-4 py-1.5 text-sm font-semibold text-white hover:bg-brand-900 disabled:opacity-60"
            >
              {submitting ? "Saving..." : mode === "add" ? "Create Article" : "Update Article"}
            </button>
            <Link to="/admin/articles" className="rounded border border-gray-300 px-4 py-1.5 text-sm">
              Cancel
            </Link>
          </div>
        </Panel>

        <Panel title="Details">
          {/* One edition: nothing to choose, and nothing posted (the server keeps the story's). */}
          {editions.length > 1 ? (
            <div className="mb-3">
              <label htmlFor="language" className="mb-1 block text-sm font-medium">
                {TRANSLATION_TEXT.languageLabel}
              </label>
              <select
                id="language"
                name="language"
                ref={languageField}
                value={language}
                onChange={(event) => setLanguage(event.target.value)}
                aria-invalid={errors.language ? true : undefined}
                aria-describedby={errors.language ? "language-error" : undefined}
                className={inputClass(errors.language)}
              >
                {editions.some((edition) => edition.tag === language) ? null : (
                  <option value={language}>{language}</option>
                )}
                {editions.map((edition) => (
                  <option key={edition.tag} value={edition.tag}>
                    {edition.enabled ? edition.name : TRANSLATION_TEXT.editionOff(edition.name)}
                  </option>
                ))}
              </select>
              <FieldError id="language-error" message={errors.language} />
            </div>
          ) : null}
          <label htmlFor="authorName" className="mb-1 block text-sm font-medium">
            Author
          </label>
          {canPublish ? (
            <>
              <input
                id="authorName"
                name="authorName"
                list="author-names"
                defaultValue={values.authorName}
                maxLength={100}
                className={inputClass()}
              />
              <datalist id="author-names">
                {authors.map((name) => (
                  <option key={name} value={name} />
                ))}
              </datalist>
            </>
          ) : (
            <input
              id="authorName"
              name="authorName"
              value={values.authorName}
              readOnly
              className={`${inputClass()} bg-gray-50`}
            />
          )}

          {canPublish ? (
            <>
              <label htmlFor="slug" className="mt-3 mb-1 block text-sm font-medium">
                URL slug
              </label>
              <input
                id="slug"
                name="slug"
                defaultValue={values.slug}
                maxLength={120}
                pattern="[a-z0-9]+(-[a-z0-9]+)*"
                aria-describedby={errors.slug ? "slug-hint slug-error" : "slug-hint"}
                aria-invalid={errors.slug ? true : undefined}
                className={inputClass(errors.slug)}
              />
              <p id="slug-hint" className="mt-1 text-xs text-gray-500">
                The story&apos;s address: /article/{values.slug || "…"}. Left empty, it comes from the title.
                Old addresses keep working.
              </p>
              <FieldError id="slug-error" message={errors.slug} />
            </>
          ) : null}

          <label htmlFor="categoryId" className="mt-3 mb-1 block text-sm font-medium">
            Category
          </label>
          <select
            id="categoryId"
            name="categoryId"
            defaultValue={values.categoryId}
            aria-invalid={errors.categoryId ? true : undefined}
            className={inputClass(errors.categoryId)}
          >
            <option value="">Uncategorised</option>
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </select>
          <FieldError id="category-error" message={errors.categoryId} />

          <label htmlFor="tags" className="mt-3 mb-1 block text-sm font-medium">
            Tags
          </label>
          <ArticleTagsInput name="tags" defaultTags={values.tags} />
        </Panel>

        <Panel title="Media">
          <label htmlFor="imageUrl" className="mb-1 block text-sm font-medium">
            Featured image URL
          </label>
          <input
            id="imageUrl"
            name="imageUrl"
            // Text, not url: an upload is kept by its path (/media/…), which a url field refuses.
            type="text"
            inputMode="url"
            ref={imageUrlField}
            value={imageUrl}
            onChange={(event) => setImageUrl(event.target.value)}
            placeholder="https://"
            aria-invalid={errors.imageUrl ? true : undefined}
            className={inputClass(errors.imageUrl)}
          />
          <button
            type="button"
            onClick={() => setImageDialogOpen(true)}
            className="mt-2 rounded border border-gray-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-gray-50"
          >
            Upload or choose image
          </button>
          <p className="mt-1 text-xs text-gray-500">Recommended 1200x600, max 32 MB.</p>
          {isImageDialogOpen ? (
            <ImageDialog
              open
              purpose="featured"
              onClose={() => setImageDialogOpen(false)}
              onChoose={(image, how) => {
                setImageDialogOpen(false);
                setImageUrl(image.src);
                // After React has put the new address into the field, so the form reads it.
                window.setTimeout(markDirty, 0);
                if (how === "upload") showToast({ type: "success", title: EDITOR_IMAGE_TEXT.uploadedTitle });
              }}
            />
          ) : null}
          <FieldError id="image-error" message={errors.imageUrl} />
          {imageUrl && /^https?:\/\//.test(imageUrl) ? (
            <img
              src={imageUrl}
              alt="Featured image preview"
              className="mt-2 max-h-32 rounded border border-gray-200 object-cover"
            />
          ) : null}

          <label htmlFor="youtubeUrl" className="mt-3 mb-1 block text-sm font-medium">
            YouTube link
          </label>
          <input
            id="youtubeUrl"
            name="youtubeUrl"
            type="url"
            defaultValue={values.youtubeUrl}
            placeholder="https://www.youtube.com/watch?v=..."
            aria-invalid={errors.youtubeUrl ? true : undefined}
            className={inputClass(errors.youtubeUrl)}
          />
          <FieldError id="youtube-error" message={errors.youtubeUrl} />
        </Panel>

        <Panel title="Date and flags">
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              name="useManualDate"
              ref={manualDateField}
              checked={useManualDate}
              onChange={(event) => setUseManualDate(event.target.checked)}
            />
            Use a manual date
          </label>
          <label htmlFor="manualDate" className="mt-2 mb-1 block text-sm font-medium">
            Date
          </label>
          <input
            id="manualDate"
            name="manualDate"
            type="date"
            defaultValue={values.manualDate}
            className={inputClass(errors.manualDate)}
          />
          <DatePickerButton inputId="manualDate" weekStartsOn={weekStartsOn} />
          <FieldError id="date-error" message={errors.manualDate} />
          {canPublish ? (
            <div className="mt-3 space-y-1">
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" name="featured" defaultChecked={values.featured} />
                Featured
              </label>
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" name="isTopStory" defaultChecked={values.isTopStory} />
                Breaking News
              </label>
              <p className="text-xs text-gray-600">
                Each goes to one live story at a time; a story not yet published takes it when it goes live.
              </p>
              <label htmlFor="access" className="mt-3 mb-1 block text-sm font-medium">
                Access
              </label>
              <select
                id="access"
                name="access"
                defaultValue={values.access}
                className={inputClass(undefined)}
              >
                {ACCESS_OPTIONS.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
              <p className="text-xs text-gray-600">
                Members and paying readers see the story up to the preview cut (or its first three
                paragraphs).
              </p>
            </div>
          ) : null}
        </Panel>
        {sidebarExtra}
      </aside>
    </Form>
  );
}
