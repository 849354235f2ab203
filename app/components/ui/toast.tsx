/**
 * Alerts (toasts) with the spec's types and timings: success and info close after 3000 ms, warning
 * after 5000 ms, error stays until dismissed. On reader pages only the server's first render of this
 * provider reaches the browser; the reader script (app/reader/toasts.ts) shows and dismisses them there,
 * which is why the toasts carry data-toast attributes.
 */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from "react";

import {
  TOAST_CLASS,
  TOAST_DURATION_MS,
  TOAST_STYLES,
  toastRole,
  type Toast,
  type ToastType,
} from "./toast-look";

export type { Toast, ToastType };

interface ShownToast extends Toast {
  id: number;
}

interface ToastContextValue {
  showToast(toast: Toast): void;
}

const ToastContext = createContext<ToastContextValue | null>(null);

export function useToast(): ToastContextValue {
  const context = useContext(ToastContext);
  if (!context) throw new Error("useToast must be used within a ToastProvider");
  return context;
}

export function ToastProvider({ children, initial }: { children: ReactNode; initial?: Toast | null }) {
  // The server's toast is part of the first render, so it shows without JavaScript too.
  const [toasts, setToasts] = useState<ShownToast[]>(() => (initial ? [{ ...initial, id: 0 }] : []));
  const nextId = useRef(1);
  const shownInitial = useRef(initial);

  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), []);
  const showToast = useCallback((toast: Toast) => {
    const id = nextId.current++;
    setToasts((list) => [...list, { ...toast, id }]);
  }, []);

  // A toast handed over by the server after a later (client-side) redirect is shown once.
  useEffect(() => {
    if (!initial || initial === shownInitial.current) return;
    shownInitial.current = initial;
    showToast(initial);
  }, [initial, showToast]);

  const value = useMemo(() => ({ showToast }), [showToast]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <div data-toasts aria-live="polite" className={TOAST_CLASS.list}>
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onDismiss={() => dismiss(toast.id)} />
        ))}
      </div>
    </ToastContext.Provider>
  );
}

function ToastItem({ toast, onDismiss }: { toast: ShownToast; onDismiss: () => void }) {
  useEffect(() => {
    const duration = TOAST_DURATION_MS[toast.type];
    if (duration === null) return;
    const timer = setTimeout(onDismiss, duration);
    return () => clearTimeout(timer);
  }, [toast.type, onDismiss]);
  return (
    <div
      data-toast={toast.type}
      role={toastRole(toast.type)}
      className={`${TOAST_CLASS.item} ${TOAST_STYLES[toast.type]}`}
    >
      <div className={TOAST_CLASS.body}>
        <p className={TOAST_CLASS.title}>{toast.title}</p>
        {toast.message ? <p className={TOAST_CLASS.message}>{toast.message}</p> : null}
      </div>
      <button
        type="button"
        onClick={onDismiss}
        data-toast-dismiss
        aria-label="Dismiss"
        className={TOAST_CLASS.dismiss}
      >
        ×
      </button>
    </div>
  );
}
