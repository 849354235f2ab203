/**
 * The comments demo (/comments-demo): comments live in this tab's memory, per demo article, and follow
 * the two comment settings (Settings → Comments). Each comment is a copy of the template
 * the server rendered with the site's own comment markup.
 */
import { COMMENT_DEMO_TEXT, parseComment } from "#app/domain/comments/comment-form";
import { commentDate } from "#app/lib/dates";
import { element } from "./dom";
import { showToast } from "./toasts";

interface DemoComment {
  authorName: string;
  text: string;
  isApproved: boolean;
  createdAt: Date;
}

function wireDemo(form: HTMLFormElement) {
  const template = document.querySelector<HTMLTemplateElement>("template[data-demo-comment]");
  const select = document.querySelector<HTMLSelectElement>("#demo-article");
  const approvedList = document.querySelector<HTMLElement>('[data-demo-list="approved"]');
  const pendingList = document.querySelector<HTMLElement>('[data-demo-list="pending"]');
  const pendingSection = document.querySelector<HTMLElement>("[data-demo-pending]");
  if (!template || !select || !approvedList || !pendingList || !pendingSection) return;
  const timeZone = template.dataset.timeZone ?? "UTC";
  const emptyText = approvedList.firstElementChild?.cloneNode(true);
  const byArticle = new Map<string, DemoComment[]>();

  const item = (comment: DemoComment) => {
    const node = template.content.cloneNode(true) as DocumentFragment;
    const fill = (slot: string, text: string) => {
      const part = node.querySelector(`[data-slot="${slot}"]`);
      if (part) part.textContent = text;
      part?.removeAttribute("data-slot");
    };
    fill("initial", comment.authorName.charAt(0).toUpperCase() || "?");
    fill("author", comment.authorName);
    fill("date", commentDate(comment.createdAt, timeZone));
    node.querySelector("time")?.setAttribute("datetime", comment.createdAt.toISOString());
    fill("text", comment.text);
    return node;
  };
  const list = (comments: DemoComment[]) => {
    const ol = element("ol", "space-y-4");
    for (const comment of comments) ol.append(item(comment));
    return ol;
  };

  const render = () => {
    const comments = byArticle.get(select.value) ?? [];
    const approved = comments.filter((c) => c.isApproved);
    const pending = comments.filter((c) => !c.isApproved);
    approvedList.replaceChildren(approved.length || !emptyText ? list(approved) : emptyText.cloneNode(true));
    pendingList.replaceChildren(list(pending));
    pendingSection.hidden = pending.length === 0;
    document.querySelector('[data-demo-count="approved"]')!.textContent = String(approved.length);
    document.querySelector('[data-demo-count="pending"]')!.textContent = String(pending.length);
  };

  select.addEventListener("change", render);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (form.dataset.allowComments !== "yes") {
      showToast({
        type: "error",
        title: COMMENT_DEMO_TEXT.disabledTitle,
        message: COMMENT_DEMO_TEXT.disabled,
      });
      return;
    }
    const parsed = parseComment(Object.fromEntries(new FormData(form)));
    if (!parsed.ok) {
      showToast({ type: "error", ...parsed.problem });
      return;
    }
    const isApproved = form.dataset.autoApprove === "yes";
    const comment = {
      authorName: parsed.data.name,
      text: parsed.data.comment,
      isApproved,
      createdAt: new Date(),
    };
    byArticle.set(select.value, [comment, ...(byArticle.get(select.value) ?? [])]);
    render();
    showToast(
      isApproved
        ? { type: "success", title: COMMENT_DEMO_TEXT.postedTitle, message: COMMENT_DEMO_TEXT.posted }
        : { type: "info", title: COMMENT_DEMO_TEXT.awaitingTitle, message: COMMENT_DEMO_TEXT.awaiting },
    );
    form.reset();
  });
}

export function wireCommentsDemo() {
  document.querySelectorAll<HTMLFormElement>("form[data-comments-demo]").forEach(wireDemo);
}
