/**
 * What a toast looks like and how long it stays, shared by the React toasts (toast.tsx: the back
 * office, and the first render of every page) and the reader script (app/reader/toasts.ts), which
 * shows and dismisses them on reader pages. Plain values, no React: the reader script stays small.
 */
export type ToastType = "info" | "success" | "warning" | "error";

export interface Toast {
  type: ToastType;
  title: string;
  message?: string;
}

/** The spec's alert timings: success and info close after 3000 ms, warning after 5000 ms, error stays. */
export const TOAST_DURATION_MS: Record<ToastType, number | null> = {
  success: 3000,
  info: 3000,
  warning: 5000,
  error: null,
};

export const TOAST_STYLES: Record<ToastType, string> = {
  success: "border-green-300 bg-green-50 text-green-900",
  info: "border-blue-300 bg-blue-50 text-blue-900",
  warning: "border-amber-300 bg-amber-50 text-amber-900",
  error: "border-red-300 bg-red-50 text-red-900",
};

export const TOAST_CLASS = {
  list: "pointer-events-none fixed inset-x-0 top-4 z-50 flex flex-col items-center gap-2 px-4",
  item: "pointer-events-auto flex w-full max-w-md items-start gap-3 rounded-lg border px-4 py-3 shadow-lg",
  body: "flex-1",
  title: "font-semibold",
  message: "mt-0.5 text-sm",
  dismiss: "text-lg leading-none opacity-70 hover:opacity-100",
} as const;

/** Errors and warnings interrupt (role alert); the rest is announced politely (role status). */
export const toastRole = (type: ToastType) => (type === "error" || type === "warning" ? "alert" : "status");

export const isToastType = (value: unknown): value is ToastType =>
  typeof value === "string" && Object.hasOwn(TOAST_DURATION_MS, value);
