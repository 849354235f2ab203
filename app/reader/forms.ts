/**
 * The comment, contact and newsletter forms. Without this they are plain POSTs that
 * the server answers with the page and its verdict. With it, the browser checks them first with the
 * same rules as the server and, when they pass, sends them in the background: the toast tells the
 * result (read from the verdict in the page the server answers with) and a sent form is cleared.
 */
import { COMMENT_TEXT, parseComment } from "#app/domain/comments/comment-form";
import { CONTACT_TEXT, parseContact } from "#app/domain/contact/contact-form";
import { NEWSLETTER_TEXT, parseSignup } from "#app/domain/newsletter/newsletter-form";
import type { Toast } from "#app/components/ui/toast-look";
import { textFor, type ReaderForm } from "./text";
import { showToast } from "./toasts";

interface FormKind {
  /** The problem with what was typed, in the spec's English words (`inPageWords` gives the page's), or null. */
  check(values: Record<string, unknown>): { title: string; message: string } | null;
  failed: { title: string; message: string };
}

const FORMS: Record<ReaderForm, FormKind> = {
  comment: {
    check: (values) => {
      const parsed = parseComment(values);
      return parsed.ok ? null : parsed.problem;
    },
    failed: { title: COMMENT_TEXT.failedTitle, message: COMMENT_TEXT.failed },
  },
  contact: {
    check: (values) => {
      const parsed = parseContact(values);
      return parsed.ok ? null : { title: parsed.title, message: parsed.message };
    },
    failed: { title: CONTACT_TEXT.failedTitle, message: CONTACT_TEXT.failed },
  },
  newsletter: {
    check: (values) => {
      const parsed = parseSignup(values);
      return parsed.ok ? null : { title: parsed.title, message: parsed.message };
    },
    failed: { title: NEWSLETTER_TEXT.failedTitle, message: NEWSLETTER_TEXT.failed },
  },
};

/** A form rule's answer in the page's language (the `nd-text` island's words for the rule's English). */
const inPageWords = (form: ReaderForm, { title, message }: { title: string; message: string }) => ({
  title: textFor(title, form),
  message: textFor(message, form),
});

/** The verdict in a page the server answered with (`data-form-result` = "ok" or "problem"), or null. */
export function verdictIn(html: string): Toast | null {
  const result = new DOMParser().parseFromString(html, "text/html").querySelector("[data-form-result]");
  if (!result) return null;
  const [title, message] = Array.from(result.querySelectorAll("p"), (p) => p.textContent?.trim() ?? "");
  if (!title) return null;
  return { type: result.getAttribute("data-form-result") === "ok" ? "success" : "error", title, message };
}

async function send(form: HTMLFormElement, name: ReaderForm) {
  const kind = FORMS[name];
  const button = form.querySelector<HTMLButtonElement>("button[type=submit]");
  const label = button?.textContent ?? "";
  if (button) {
    button.disabled = true;
    button.textContent = button.dataset.busyLabel ?? label;
  }
  let verdict: Toast | null = null;
  try {
    const response = await fetch(form.action, { method: "POST", body: new FormData(form) });
    verdict = verdictIn(await response.text());
  } catch (error) {
    console.warn("[reader] sending the form failed", error);
  }
  verdict ??= { type: "error", ...inPageWords(name, kind.failed) };
  showToast(verdict);
  if (verdict.type === "success") {
    form.reset();
    // A verdict from an earlier plain POST no longer applies.
    form.querySelector("[data-form-result]")?.remove();
  }
  if (button) {
    button.disabled = false;
    button.textContent = label;
  }
}

function wireForm(form: HTMLFormElement) {
  const name = form.dataset.form ?? "";
  if (!isReaderForm(name)) return;
  const kind = FORMS[name];
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (form.querySelector("button[type=submit]:disabled")) return;
    const problem = kind.check(Object.fromEntries(new FormData(form)));
    if (problem) showToast({ type: "error", ...inPageWords(name, problem) });
    else void send(form, name);
  });
}

const isReaderForm = (name: string): name is ReaderForm => Object.hasOwn(FORMS, name);

export function wireForms() {
  document.querySelectorAll<HTMLFormElement>("form[data-form]").forEach(wireForm);
}
