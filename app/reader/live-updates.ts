/**
 * A live story's page keeps up by itself (decision record 016). Every 20-30 s it asks the
 * story's poll endpoint (data-live-poll) for the stream's first page, naming what it has (ETag), so an
 * unchanged poll is a 304 of a few hundred bytes from the page cache. New updates wait behind an
 * "N new updates" button: text never moves under the reader's thumb. A hidden tab asks four times less
 * often; a device that saves data never asks by itself, only when the reader taps Refresh.
 */
import { isPlainClick } from "./dom";
import { showAlertButtons } from "./push";
import { countText } from "./count-text";
import { text } from "./text";

const VISIBLE_MS = 20_000;
const SPREAD_MS = 10_000;
const HIDDEN_FACTOR = 4;

/**
 * Milliseconds to the next poll: 20-30 s, spread at random so that readers who opened the page at one
 * moment (a push alert, a shared link) do not all ask at one moment; four times that in a hidden tab.
 */
export function nextPollDelay(hidden: boolean, random: () => number = Math.random): number {
  const visible = VISIBLE_MS + random() * SPREAD_MS;
  return hidden ? visible * HIDDEN_FACTOR : visible;
}

/** The updates in `incoming` that the reader has not been shown. */
export const unseenIds = (shown: readonly string[], incoming: readonly string[]) => {
  const seen = new Set(shown);
  return incoming.filter((id) => !seen.has(id));
};

/** `Save-Data` as the browser tells scripts (Chromium: navigator.connection.saveData). */
export function savesData(nav: Navigator = navigator): boolean {
  return (nav as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;
}

const updateIdsIn = (section: ParentNode) =>
  [...section.querySelectorAll<HTMLElement>("article[id^='update-']")].map((node) => node.id);

class LivePoller {
  private etag: string | null;
  private pending: HTMLElement | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private lastAsked = Date.now();
  private stopped = false;

  constructor(
    private section: HTMLElement,
    private readonly pollPath: string,
    private readonly automatic: boolean,
  ) {
    this.etag = section.dataset.liveEtag ?? null;
  }

  start() {
    this.wire();
    if (!this.automatic) return;
    this.schedule();
    document.addEventListener("visibilitychange", () => {
      // Back in view after a long while: ask now rather than at the hidden tab's slow pace.
      if (!document.hidden && Date.now() - this.lastAsked > VISIBLE_MS) void this.poll();
      else this.schedule();
    });
  }

  /** The button and the Refresh link of the section now in the page (it is replaced whole). */
  private wire() {
    this.section.querySelector<HTMLButtonElement>("button[data-live-new]")?.addEventListener("click", () => {
      this.show({ takeReader: true });
    });
    const refresh = this.section.querySelector<HTMLAnchorElement>("a[data-live-refresh]");
    refresh?.addEventListener("click", (event) => {
      if (!isPlainClick(event)) return;
      event.preventDefault();
      void this.poll().then(() => {
        if (this.pending) this.show({ takeReader: true });
        else this.say(text("script.live.noNewUpdates"));
      });
    });
  }

  private schedule() {
    clearTimeout(this.timer);
    if (this.stopped || !this.automatic) return;
    this.timer = setTimeout(() => void this.poll(), nextPollDelay(document.hidden));
  }

  private async poll() {
    clearTimeout(this.timer);
    this.lastAsked = Date.now();
    try {
      const response = await fetch(this.pollPath, {
        headers: this.etag ? { "If-None-Match": this.etag } : {},
        // The browser's own cache would answer for us: this keeps the ETag and the 304 ours to see.
        cache: "no-store",
        // No cookie: the same shared answer every reader gets from the page cache.
        credentials: "omit",
      });
      if (response.status === 404) this.stopped = true;
      if (response.status === 200) this.received(await response.text(), response.headers.get("ETag"));
    } catch {
      // Offline or a dropped connection: the next poll tries again.
    }
    this.schedule();
  }

  private received(html: string, etag: string | null) {
    const template = document.createElement("template");
    template.innerHTML = html;
    const next = template.content.querySelector<HTMLElement>("section#live-updates");
    if (!next) return;
    this.etag = etag;
    this.pending = next;
    const fresh = unseenIds(updateIdsIn(this.section), updateIdsIn(next)).length;
    if (fresh > 0) this.offer(fresh);
    // Ended with nothing new: only the badge changes, so it is shown where the reader is.
    else if (next.dataset.liveState === "ended") this.show({ takeReader: false });
  }

  private offer(count: number) {
    const button = this.section.querySelector<HTMLButtonElement>("button[data-live-new]");
    if (!button) return;
    button.textContent = countText("script.live.newUpdates", count);
    button.hidden = false;
  }

  /** A short message in the section's live region (the button's place). */
  private say(message: string) {
    const button = this.section.querySelector<HTMLButtonElement>("button[data-live-new]");
    const region = button?.parentElement;
    if (!region || !button) return;
    region.querySelector("[data-live-said]")?.remove();
    const note = document.createElement("p");
    note.dataset.liveSaid = "";
    note.className = "text-sm text-gray-700";
    note.textContent = message;
    region.append(note);
  }

  /** Puts the newest stream in place of the one shown, and the reader at its top when they asked. */
  private show({ takeReader }: { takeReader: boolean }) {
    const next = this.pending;
    if (!next) return;
    this.pending = null;
    // The page's ETag is the one this stream was received with.
    if (this.etag) next.dataset.liveEtag = this.etag;
    this.section.replaceWith(next);
    this.section = next;
    this.wire();
    showAlertButtons(next);
    if (next.dataset.liveState === "ended") this.stopped = true;
    const heading = next.querySelector<HTMLElement>("#live-heading");
    if (heading && takeReader) {
      heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
      next.scrollIntoView({ block: "start" });
    }
  }
}

export function wireLiveUpdates() {
  const section = document.querySelector<HTMLElement>("section#live-updates[data-live-poll]");
  const pollPath = section?.dataset.livePoll;
  if (!section || !pollPath) return;
  new LivePoller(section, pollPath, !savesData()).start();
}
