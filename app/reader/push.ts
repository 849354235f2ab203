/**
 * Web push alerts, opted into by a tap (decision record 017): the breaking-news button in the footer and a
 * live story's own. The server renders them hidden; this shows them where the browser can take alerts, asks
 * for permission only when one is tapped, subscribes through the service worker (public/service-worker.js)
 * with the site's VAPID key and tells the server which topics it follows.
 */
import { storyOfTopic } from "#app/domain/push/push-topics";
import { SERVICE_WORKER_PATH as WORKER_PATH } from "#app/lib/offline-text";
import { text } from "./text";
import { showToast } from "./toasts";

/** The topics this browser follows, as the server last said: the buttons' state across pages. */
export const FOLLOWED_TOPICS_KEY = "newsdesk-alert-topics";

/** The VAPID key as `pushManager.subscribe` takes it: URL-safe base64 to bytes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(base64url.length / 4) * 4, "=");
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

/** The stored topics list; anything unreadable counts as none. */
export function readFollowedTopics(storage: Pick<Storage, "getItem">): string[] {
  try {
    const value: unknown = JSON.parse(storage.getItem(FOLLOWED_TOPICS_KEY) ?? "[]");
    return Array.isArray(value) ? value.filter((t): t is string => typeof t === "string") : [];
  } catch {
    return [];
  }
}

/** The label of a topic's button, followed or not. */
export function buttonLabel(topic: string, followed: boolean): string {
  if (storyOfTopic(topic)) return text(followed ? "script.push.storyOff" : "script.push.storyOn");
  return text(followed ? "script.push.breakingOff" : "script.push.breakingOn");
}

const canTakeAlerts = () =>
  "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;

function followed(): string[] {
  try {
    return readFollowedTopics(localStorage);
  } catch {
    return [];
  }
}

/** Shows the buttons under `root` with their state (also after a live stream is replaced). */
export function showAlertButtons(root: ParentNode = document) {
  if (!canTakeAlerts() || !document.querySelector("[data-push-key]")) return;
  const topics = followed();
  for (const button of root.querySelectorAll<HTMLButtonElement>("button[data-push-topic]")) {
    const topic = button.dataset.pushTopic ?? "";
    const isOn = topics.includes(topic);
    button.setAttribute("aria-pressed", String(isOn));
    const label = button.querySelector("[data-push-label]");
    if (label) label.textContent = buttonLabel(topic, isOn);
    button.hidden = false;
  }
}

/** The server said no, and why (a limit, a subscription it cannot use): the reader is told its words. */
class AlertsRefused extends Error {}

async function post(intent: "subscribe" | "unsubscribe", topic: string, subscription: PushSubscription) {
  const { endpoint = "", keys = {} } = subscription.toJSON();
  // A form, as every page and script of ours posts: the server refuses other bodies before any route
  // (decision record 009). The auth secret is the proof that this browser holds the subscription.
  const response = await fetch("/resources/alerts", {
    method: "POST",
    body: new URLSearchParams({ intent, topic, endpoint, p256dh: keys.p256dh ?? "", auth: keys.auth ?? "" }),
  });
  const body = (await response.json().catch(() => ({}))) as { topics?: string[]; error?: string };
  if (!response.ok || !body.topics) throw new AlertsRefused(body.error ?? text("script.push.failed"));
  localStorage.setItem(FOLLOWED_TOPICS_KEY, JSON.stringify(body.topics));
  return body.topics;
}

async function turnOn(topic: string, key: string) {
  // Only now, because the reader asked: a permission prompt on load is what readers learn to refuse.
  const permission = await Notification.requestPermission();
  if (permission !== "granted") {
    showToast({
      type: "error",
      title: text("script.push.breakingTitle"),
      message: text("script.push.denied"),
    });
    return;
  }
  const registration = await navigator.serviceWorker.register(WORKER_PATH);
  await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(key),
    }));
  await post("subscribe", topic, subscription);
  showToast({ type: "success", title: buttonLabel(topic, true), message: text("script.push.subscribed") });
}

async function turnOff(topic: string) {
  const registration = await navigator.serviceWorker.getRegistration(WORKER_PATH);
  const subscription = await registration?.pushManager.getSubscription();
  if (subscription) {
    const left = await post("unsubscribe", topic, subscription);
    // Following nothing: the browser's subscription goes too.
    if (left.length === 0) await subscription.unsubscribe();
  } else localStorage.removeItem(FOLLOWED_TOPICS_KEY);
  showToast({ type: "success", title: buttonLabel(topic, false), message: text("script.push.unsubscribed") });
}

export function wirePushAlerts() {
  const key = document.querySelector<HTMLElement>("[data-push-key]")?.dataset.pushKey;
  if (!key || !canTakeAlerts()) return;
  showAlertButtons();
  // One listener for every button, those of a live stream the poll puts in later included.
  document.addEventListener("click", (event) => {
    const button = (event.target as Element | null)?.closest<HTMLButtonElement>("button[data-push-topic]");
    if (!button || button.disabled) return;
    const topic = button.dataset.pushTopic ?? "";
    button.disabled = true;
    const change = followed().includes(topic) ? turnOff(topic) : turnOn(topic, key);
    void change
      .catch((error: unknown) => {
        console.error("[reader] alerts", error);
        const message = error instanceof AlertsRefused ? error.message : text("script.push.failed");
        showToast({ type: "error", title: text("script.push.breakingTitle"), message });
      })
      .finally(() => {
        button.disabled = false;
        showAlertButtons();
      });
  });
}
