/**
 * The article form's memory of what is saved: whether the form differs from the last save the server
 * confirmed (for the leave warnings), and the autosave of drafts (app/lib/article-autosave.ts) that sends
 * the form to POST /admin/articles/autosave a few seconds after a change.
 *
 * "Unsaved" compares the form as it would be posted with the last confirmed save, so typing a word and
 * deleting it again is not a change, and every field counts (tags, checkboxes, the editor's hidden field).
 * A new article's first autosave creates the draft; the address then becomes its edit screen's with
 * history.replaceState, not a navigation, so the editor keeps its text, cursor and undo history.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from "react";
import { useActionData, useNavigation, useRouteLoaderData } from "react-router";
import {
  AUTOSAVE_DELAY_MS,
  AUTOSAVE_RETRY_MS,
  autosaveFailureText,
  autosavesStatus,
  isReadyToAutosave,
  isRetryable,
  type AutosaveReply,
} from "#app/lib/article-autosave";
import type { ArticleStatus } from "#app/lib/enums";
import type { loader as rootLoader } from "#app/root";

export type AutosaveState =
  | { kind: "idle" }
  | { kind: "waiting" }
  | { kind: "draftsOnly" }
  /** A deliberate save was answered: what it did, in the server's words ("Published: ..."). */
  | { kind: "saveOutcome"; text: string }
  | { kind: "saving"; lastSavedAt?: string }
  | { kind: "saved"; at: string }
  | { kind: "failed"; message: string; lastSavedAt?: string };

/** Fields that steer the post rather than hold the article. */
const STEERING_FIELDS = new Set(["draftId", "intent", "id"]);

/** The form as it would be posted, as one comparable string. */
export function formSnapshot(form: HTMLFormElement): string {
  const params = new URLSearchParams();
  for (const [key, value] of new FormData(form)) {
    if (!STEERING_FIELDS.has(key) && typeof value === "string") params.append(key, value);
  }
  return params.toString();
}

/**
 * The form as the server sent it, in the same shape: each field's default (its HTML value, `checked`
 * or `selected`) rather than what it holds now. On a slow phone an editor may type before the page's
 * script has run; comparing with this, that typing counts as unsaved.
 */
export function serverFormSnapshot(form: HTMLFormElement): string {
  const params = new URLSearchParams();
  for (const element of Array.from(form.elements)) {
    const field = element as HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
    if (!field.name || field.disabled || STEERING_FIELDS.has(field.name)) continue;
    if (field instanceof HTMLSelectElement) {
      const options = Array.from(field.options);
      const chosen = options.filter((option) => option.defaultSelected);
      // A single select with no option marked shows its first one.
      const shown = chosen.length > 0 || field.multiple ? chosen : options.slice(0, 1);
      for (const option of shown) params.append(field.name, option.value);
    } else if (field instanceof HTMLTextAreaElement) {
      params.append(field.name, field.defaultValue);
    } else if (field instanceof HTMLInputElement) {
      if (field.type === "checkbox" || field.type === "radio") {
        if (field.defaultChecked) params.append(field.name, field.value);
      } else if (!["file", "submit", "button", "reset", "image"].includes(field.type)) {
        params.append(field.name, field.defaultValue);
      }
    }
  }
  return params.toString();
}

/** Quiet time before comparing the form after a click or keystroke (the editor's field updates a render later). */
const CHECK_DELAY_MS = 150;

interface AutosaveOptions {
  formRef: RefObject<HTMLFormElement | null>;
  /** The stored article of an edit screen; none on the add screen until the first autosave. */
  articleId?: string;
  /** The stored status (null for a new article): only drafts autosave. */
  storedStatus: ArticleStatus | null;
  hydrated: boolean;
}

/** What the autosave remembers between renders; its timers' callbacks read and write it. */
interface AutosaveMemory {
  /** The last snapshot the server confirmed (or the form as loaded). */
  baseline: string | null;
  lastSavedAt?: string;
  saveTimer?: ReturnType<typeof setTimeout>;
  checkTimer?: ReturnType<typeof setTimeout>;
  /** The pending timer is a retry after a failure: a new change need not wait for it. */
  retrying: boolean;
  inFlight: boolean;
  runAgain: boolean;
  submitted: string | null;
  /** A field was edited between the post and its answer: that edit is not in what was saved. */
  editedWhileSaving: boolean;
  /** What the timers' callbacks need from the latest render. */
  latest: { id?: string; enabled: boolean; idle: boolean };
}

/** The hook's state setters, which the autosave's steps call. */
interface AutosaveView {
  setState: (state: AutosaveState) => void;
  setUnsaved: (unsaved: boolean) => void;
  setSaving: (saving: boolean) => void;
  setDraftId: (id: string) => void;
}

/** A draft on its way: the form's data to post, its snapshot, and the stored article it updates if any. */
interface DraftPost {
  data: FormData;
  snapshot: string;
  id?: string;
}

/** The form's data to autosave now, or null when it is not the time (the status line then says why). */
function draftToPost(form: HTMLFormElement, memory: AutosaveMemory, view: AutosaveView): DraftPost | null {
  if (memory.inFlight) {
    memory.runAgain = true;
    return null;
  }
  const snapshot = formSnapshot(form);
  if (snapshot === memory.baseline) return null;
  if (!memory.latest.enabled) {
    view.setState({ kind: "draftsOnly" });
    return null;
  }
  // A deliberate save is on its way: it saves everything, and a later autosave could overtake it.
  if (!memory.latest.idle) return null;
  const data = new FormData(form);
  const title = String(data.get("title") ?? "");
  const content = String(data.get("content") ?? "");
  if (!isReadyToAutosave({ title, content })) {
    view.setState({ kind: "waiting" });
    return null;
  }
  for (const field of STEERING_FIELDS) data.delete(field);
  const id = memory.latest.id;
  if (id) data.set("id", id);
  return { data, snapshot, id };
}

/** Posts a draft; status 0 when no answer came (offline, or the server is down). */
async function postDraft(data: FormData): Promise<{ status: number; reply: AutosaveReply | null }> {
  try {
    const response = await fetch("/admin/articles/autosave", {
      method: "POST",
      body: data,
      headers: { Accept: "application/json" },
    });
    const reply = (await response.json().catch(() => null)) as AutosaveReply | null;
    return { status: response.status, reply };
  } catch {
    return { status: 0, reply: null };
  }
}

/** The answer to an autosave: the new baseline, or the failure said and a retry planned when it may help. */
function settleDraft(
  memory: AutosaveMemory,
  view: AutosaveView,
  { snapshot, id }: DraftPost,
  { status, reply }: { status: number; reply: AutosaveReply | null },
  retry: () => void,
) {
  if (reply?.ok) {
    memory.baseline = snapshot;
    memory.lastSavedAt = reply.savedAt;
    view.setState({ kind: "saved", at: reply.savedAt });
    if (!id) {
      view.setDraftId(reply.id);
      memory.latest.id = reply.id;
      // The draft exists now: a reload opens it. Not a navigation, which would remount the editor.
      window.history.replaceState(window.history.state, "", `/admin/articles/edit/${reply.id}`);
    }
    return;
  }
  const failure = reply && !reply.ok ? reply : undefined;
  view.setState({
    kind: "failed",
    message: autosaveFailureText(status, failure?.message, failure?.code),
    lastSavedAt: memory.lastSavedAt,
  });
  if (isRetryable(status) && !memory.saveTimer) {
    memory.retrying = true;
    memory.saveTimer = setTimeout(retry, AUTOSAVE_RETRY_MS);
  }
}

/** Sends the form as a draft when it differs from the last save and may be autosaved. */
function useSaveDraft(
  formRef: RefObject<HTMLFormElement | null>,
  memory: RefObject<AutosaveMemory>,
  view: AutosaveView,
  differs: () => boolean,
) {
  const save = useCallback(async () => {
    const remembered = memory.current;
    remembered.saveTimer = undefined;
    remembered.retrying = false;
    const form = formRef.current;
    if (!form || remembered.baseline === null) return;
    const draft = draftToPost(form, remembered, view);
    if (!draft) return;
    remembered.inFlight = true;
    view.setSaving(true);
    view.setState({ kind: "saving", lastSavedAt: remembered.lastSavedAt });
    const answer = await postDraft(draft.data);
    remembered.inFlight = false;
    view.setSaving(false);
    settleDraft(remembered, view, draft, answer, save);
    view.setUnsaved(differs());
    if (remembered.runAgain) {
      remembered.runAgain = false;
      if (!remembered.saveTimer) remembered.saveTimer = setTimeout(save, AUTOSAVE_DELAY_MS);
    }
  }, [formRef, memory, view, differs]);
  return save;
}

/**
 * The form posted by its button: `submitting` remembers what and holds the autosave; once the post is
 * answered, a redirect (no action data) means it was saved, a problem means it was not.
 */
function useDeliberateSave(
  formRef: RefObject<HTMLFormElement | null>,
  memory: RefObject<AutosaveMemory>,
  view: AutosaveView,
  check: () => void,
) {
  const navigation = useNavigation();
  const actionData = useActionData<{ problem?: unknown } | undefined>();
  // The save's redirect hands its toast to the root loader; the status line keeps its words after the
  // toast has closed, in place of the autosave's "drafts only" note it would otherwise go on showing.
  const savedToast = useRouteLoaderData<typeof rootLoader>("root")?.toast;

  const submitting = useCallback(() => {
    const form = formRef.current;
    if (!form) return;
    memory.current.submitted = formSnapshot(form);
    memory.current.editedWhileSaving = false;
    clearTimeout(memory.current.saveTimer);
    memory.current.saveTimer = undefined;
  }, [formRef, memory]);

  useEffect(() => {
    const remembered = memory.current;
    if (navigation.state !== "idle" || remembered.submitted === null) return;
    const wasSaved = !actionData?.problem;
    if (wasSaved) {
      // The form as the saved article shows it now: the save may have added fields (a published story's
      // correction note) that were not in the post, and counting them as changes would call the saved
      // story unsaved. Only an edit made while the post was on its way keeps the post as the baseline.
      const form = formRef.current;
      remembered.baseline = form && !remembered.editedWhileSaving ? formSnapshot(form) : remembered.submitted;
      const outcome = savedToast?.type === "success" ? (savedToast.message ?? savedToast.title) : "";
      view.setState(outcome ? { kind: "saveOutcome", text: outcome } : { kind: "idle" });
    }
    remembered.submitted = null;
    check();
  }, [navigation.state, actionData, check, savedToast, formRef, memory, view]);

  return submitting;
}

/** The autosave's memory, its `latest` kept to the latest render's article, status and navigation. */
function useAutosaveMemory(
  articleId: string | undefined,
  draftId: string | undefined,
  storedStatus: ArticleStatus | null,
) {
  const navigation = useNavigation();
  const memory = useRef<AutosaveMemory>({
    baseline: null,
    retrying: false,
    inFlight: false,
    runAgain: false,
    submitted: null,
    editedWhileSaving: false,
    latest: { id: articleId, enabled: autosavesStatus(storedStatus), idle: true },
  });
  useEffect(() => {
    memory.current.latest = {
      id: articleId ?? draftId,
      enabled: autosavesStatus(storedStatus),
      idle: navigation.state === "idle",
    };
  });
  return memory;
}

export function useArticleAutosave({ formRef, articleId, storedStatus, hydrated }: AutosaveOptions) {
  const [state, setState] = useState<AutosaveState>({ kind: "idle" });
  const [unsaved, setUnsaved] = useState(false);
  const [saving, setSaving] = useState(false);
  const [draftId, setDraftId] = useState<string | undefined>(undefined);
  const view = useMemo<AutosaveView>(() => ({ setState, setUnsaved, setSaving, setDraftId }), []);
  const memory = useAutosaveMemory(articleId, draftId, storedStatus);

  const differs = useCallback(() => {
    const form = formRef.current;
    const { baseline } = memory.current;
    return !!form && baseline !== null && formSnapshot(form) !== baseline;
  }, [formRef, memory]);

  const save = useSaveDraft(formRef, memory, view, differs);

  /** Compares the form with the last save; a difference starts the autosave clock if it is not running. */
  const check = useCallback(() => {
    const remembered = memory.current;
    remembered.checkTimer = undefined;
    const changed = differs();
    setUnsaved(changed);
    if (!changed) return;
    if (!remembered.latest.enabled) return setState({ kind: "draftsOnly" });
    if (remembered.saveTimer && !remembered.retrying) return;
    clearTimeout(remembered.saveTimer);
    remembered.retrying = false;
    remembered.saveTimer = setTimeout(save, AUTOSAVE_DELAY_MS);
  }, [memory, differs, save]);

  /** Something may have changed (a click, a key): look again shortly. */
  const scheduleCheck = useCallback(() => {
    clearTimeout(memory.current.checkTimer);
    memory.current.checkTimer = setTimeout(check, CHECK_DELAY_MS);
  }, [memory, check]);

  /** A field was edited: unsaved at once (a reload right after typing is warned), then checked exactly. */
  const changed = useCallback(() => {
    if (memory.current.baseline === null) return;
    if (memory.current.submitted !== null) memory.current.editedWhileSaving = true;
    setUnsaved(true);
    scheduleCheck();
  }, [memory, scheduleCheck]);

  // The baseline is the form as loaded. When React takes over a page the server rendered, that is the
  // fields' defaults, read before anything React renders changes them; when it renders the form itself
  // (a navigation inside the back office), the fields as rendered.
  useLayoutEffect(() => {
    const form = formRef.current;
    if (form && memory.current.baseline === null)
      memory.current.baseline = hydrated ? formSnapshot(form) : serverFormSnapshot(form);
    // Only when the form first appears.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [formRef]);

  // Hydrated: what was typed before the script ran is unsaved, and autosaves as if typed now.
  useEffect(() => {
    if (hydrated && differs()) check();
  }, [hydrated, differs, check]);

  useEffect(() => {
    const remembered = memory.current;
    return () => {
      clearTimeout(remembered.saveTimer);
      clearTimeout(remembered.checkTimer);
    };
  }, [memory]);

  const submitting = useDeliberateSave(formRef, memory, view, check);
  return {
    state,
    unsaved,
    /** An autosave is on its way: the form's own button waits, so the two cannot cross. */
    saving,
    draftId,
    changed,
    scheduleCheck,
    submitting,
  };
}
