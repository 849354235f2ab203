/**
 * The 'Header & Footer Code' screen body. In the browser every add, toggle and remove changes a local
 * copy of the list; nothing reaches the server until 'Save All Changes' posts the whole list as JSON
 * (spec: "All snippet changes stay local until 'Save All Changes'"). Without JavaScript there is no
 * local copy to keep, so the same forms post one change each and the server saves it at once (see
 * snippet-form.tsx and snippet-list.tsx); 'Save All Changes' then just re-saves the list as shown.
 * The route remounts this component (key) after a save, so the local copy starts from what was stored.
 */
import { useEffect, useState } from "react";
import { Form, useNavigation } from "react-router";
import { toggledStatus, type CodeSnippet, type SnippetFormFields } from "#app/domain/snippets/snippet-rules";
import { useHydrated } from "./editor/use-hydrated";
import { SnippetForm } from "./snippet-form";
import { SnippetList } from "./snippet-list";

export function SnippetManager({
  saved,
  canManage,
  addError,
  addValues,
}: {
  saved: CodeSnippet[];
  canManage: boolean;
  addError?: string;
  addValues?: SnippetFormFields;
}) {
  const [draft, setDraft] = useState(saved);
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const isSaving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const isDirty = JSON.stringify(draft) !== JSON.stringify(saved);

  // Leaving the page would lose the local changes: let the browser ask first.
  useEffect(() => {
    if (!isDirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [isDirty]);

  const list = (
    <SnippetList
      snippets={draft}
      canManage={canManage}
      onToggle={(id) =>
        setDraft((all) => all.map((s) => (s.id === id ? { ...s, status: toggledStatus(s.status) } : s)))
      }
      onRemove={(id) => setDraft((all) => all.filter((s) => s.id !== id))}
    />
  );

  if (!canManage) {
    return (
      <div className="space-y-4">
        <p className="rounded border border-blue-200 bg-blue-50 px-3 py-2 text-sm text-blue-900">
          You can view the snippets. Only administrators can change them.
        </p>
        {list}
      </div>
    );
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
      <div>
        <SnippetForm
          onAdd={(snippet) => setDraft((all) => [...all, snippet])}
          serverError={addError}
          values={addValues}
        />
      </div>
      <div className="space-y-4">
        <Form
          method="post"
          className="flex flex-wrap items-center gap-3 rounded-lg border border-gray-200 bg-white p-3 shadow-sm"
        >
          <input type="hidden" name="intent" value="save" />
          <input type="hidden" name="snippets" value={JSON.stringify(draft)} />
          <button
            type="submit"
            disabled={isSaving}
            className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-900 disabled:opacity-60"
          >
            {isSaving ? "Saving..." : "Save All Changes"}
          </button>
          <p className="text-sm text-gray-600" role="status">
            {!hydrated
              ? "Each change is saved as you make it."
              : isDirty
                ? "You have unsaved changes."
                : "No unsaved changes."}
          </p>
        </Form>
        {list}
      </div>
    </div>
  );
}
