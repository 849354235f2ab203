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
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from "react";
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

export function useArticleAutosave({ formRef, articleId, storedStatus, hydrated }: AutosaveOptions) {
  const [state, setState] = useState<AutosaveState>({ kind: "idle" });
  const [unsaved, setUnsaved] = useState(false);
  const [saving, setSaving] = useState(false);
  const [draftId, setDraftId] = useState<string | undefined>(undefined);
  const navigation = useNavigation();
  const actionData = useActionData<{ problem?: unknown } | undefined>();
  // The save's redirect hands its toast to the root loader; the status line keeps its words after the
  // toast has closed, in place of the autosave's "drafts only" note it would otherwise go on showing.
  const savedToast = useRouteLoaderData<typeof rootLoader>("root")?.toast;

  /** The last snapshot the server confirmed (or the form as loaded). */
  const baseline = useRef<string | null>(null);
  const lastSavedAt = useRef<string | undefined>(undefined);
  const saveTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const checkTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** The pending timer is a retry after a failure: a new change need not wait for it. */
  const retrying = useRef(false);
  const inFlight = useRef(false);
  const runAgain = useRef(false);
  const submitted = useRef<string | null>(null);
  /** A field was edited between the post and its answer: that edit is not in what was saved. */
  const editedWhileSaving = useRef(false);
  // What the timers' callbacks need from the latest render.
  const latest = useRef({ id: articleId, enabled: autosavesStatus(storedStatus), idle: true });
  useEffect(() => {
    latest.current = {
      id: articleId ?? draftId,
      enabled: autosavesStatus(storedStatus),
      idle: navigation.state === "idle",
    };
  });

  const differs = useCallback(() => {
    const form = formRef.current;
    return !!form && baseline.current !== null && formSnapshot(form) !== baseline.current;
  }, [formRef]);

  const save = useCallback(async () => {
    saveTimer.current = undefined;
    retrying.current = false;
    const form = formRef.current;
    if (!form || baseline.current === null) return;
    if (inFlight.current) {
      runAgain.current = true;
      return;
    }
    const snapshot = formSnapshot(form);
    if (snapshot === baseline.current) return;
    if (!latest.current.enabled) return setState({ kind: "draftsOnly" });
    // A deliberate save is on its way: it saves everything, and a later autosave could overtake it.
    if (!latest.current.idle) return;
    const data = new FormData(form);
    const title = String(data.get("title") ?? "");
    const content = String(data.get("content") ?? "");
    if (!isReadyToAutosave({ title, content })) return setState({ kind: "waiting" });

    for (const field of STEERING_FIELDS) data.delete(field);
    const id = latest.current.id;
    if (id) data.set("id", id);
    inFlight.current = true;
    setSaving(true);
    setState({ kind: "saving", lastSavedAt: lastSavedAt.current });
    let status = 0;
    let reply: AutosaveReply | null = null;
    try {
      const response = await fetch("/admin/articles/autosave", {
        method: "POST",
        body: data,
        headers: { Accept: "application/json" },
      });
      status = response.status;
      reply = (await response.json().catch(() => null)) as AutosaveReply | null;
    } catch {
      status = 0; // no answer: offline, or the server is down
    }
    inFlight.current = false;
    setSaving(false);

    if (reply?.ok) {
      baseline.current = snapshot;
      lastSavedAt.current = reply.savedAt;
      setState({ kind: "saved", at: reply.savedAt });
      if (!id) {
        setDraftId(reply.id);
        latest.current.id = reply.id;
        // The draft exists now: a reload opens it. Not a navigation, which would remount the editor.
        window.history.replaceState(window.history.state, "", `/admin/articles/edit/${reply.id}`);
      }
    } else {
      const failure = reply && !reply.ok ? reply : undefined;
      setState({
        kind: "failed",
        message: autosaveFailureText(status, failure?.message, failure?.code),
        lastSavedAt: lastSavedAt.current,
      });
      if (isRetryable(status) && !saveTimer.current) {
        retrying.current = true;
        saveTimer.current = setTimeout(save, AUTOSAVE_RETRY_MS);
      }
    }
    setUnsaved(differs());
    if (runAgain.current) {
      runAgain.current = false;
      if (!saveTimer.current) saveTimer.current = setTimeout(save, AUTOSAVE_DELAY_MS);
    }
  }, [formRef, differs]);

  /** Compares the form with the last save; a difference starts the autosave clock if it is not running. */
  const check = useCallback(() => {
    checkTimer.current = undefined;
    const changed = differs();
    setUnsaved(changed);
    if (!changed) return;
    if (!latest.current.enabled) return setState({ kind: "draftsOnly" });
    if (saveTimer.current && !retrying.current) return;
    clearTimeout(saveTimer.current);
    retrying.current = false;
    saveTimer.current = setTimeout(save, AUTOSAVE_DELAY_MS);
  }, [differs, save]);

  /** Something may have changed (a click, a key): look again shortly. */
  const scheduleCheck = useCallback(() => {
    clearTimeout(checkTimer.current);
    checkTimer.current = setTimeout(check, CHECK_DELAY_MS);
  }, [check]);

  /** A field was edited: unsaved at once (a reload right after typing is warned), then checked exactly. */
  const changed = useCallback(() => {
    if (baseline.current === null) return;
    if (submitted.current !== null) editedWhileSaving.current = true;
    setUnsaved(true);
    scheduleCheck();
  }, [scheduleCheck]);

  // The baseline is the form as loaded. When React takes over a page the server rendered, that is the
  // fields' defaults, read before anything React renders changes them; when it renders the form itself
  // (a navigation inside the back office), the fields as rendered.
  useLayoutEffect(() => {
    const form = formRef.current;
    if (form && baseline.current === null)
      baseline.current = hydrated ? formSnapshot(form) : serverFormSnapshot(form);
    // Only when the form first appears.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [formRef]);

  // Hydrated: what was typed before the script ran is unsaved, and autosaves as if typed now.
  useEffect(() => {
    if (hydrated && differs()) check();
  }, [hydrated, differs, check]);

  useEffect(
    () => () => {
      clearTimeout(saveTimer.current);
      clearTimeout(checkTimer.current);
    },
    [],
  );

  /** The form is being posted by its button: remember what, and hold the autosave. */
  const submitting = useCallback(() => {
    const form = formRef.current;
    if (!form) return;
    submitted.current = formSnapshot(form);
    editedWhileSaving.current = false;
    clearTimeout(saveTimer.current);
    saveTimer.current = undefined;
  }, [formRef]);

  // The post is answered: a redirect (no action data) means it was saved; a problem means it was not.
  useEffect(() => {
    if (navigation.state !== "idle" || submitted.current === null) return;
    const wasSaved = !actionData?.problem;
    if (wasSaved) {
      // The form as the saved article shows it now: the save may have added fields (a published story's
      // correction note) that were not in the post, and counting them as changes would call the saved
      // story unsaved. Only an edit made while the post was on its way keeps the post as the baseline.
      const form = formRef.current;
      baseline.current = form && !editedWhileSaving.current ? formSnapshot(form) : submitted.current;
      const outcome = savedToast?.type === "success" ? (savedToast.message ?? savedToast.title) : "";
      setState(outcome ? { kind: "saveOutcome", text: outcome } : { kind: "idle" });
    }
    submitted.current = null;
    check();
  }, [navigation.state, actionData, check, savedToast, formRef]);

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
