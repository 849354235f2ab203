/**
 * Alerts (toasts) with the spec's types and timings: success and info close after 3000 ms, warning
 * after 5000 ms, error stays until dismissed.
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

export type ToastType = "info" | "success" | "warning" | "error";

export interface Toast {
  type: ToastType;
  title: string;
  message?: string;
}

const TOAST_DURATION_MS: Record<ToastType, number | null> = {
  success: 3000,
  info: 3000,
  warning: 5000,
  error: null,
};

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

const STYLES: Record<ToastType, string> = {
  success: "border-green-300 bg-green-50 text-green-900",
  info: "border-blue-300 bg-blue-50 text-blue-900",
  warning: "border-amber-300 bg-amber-50 text-amber-900",
  error: "border-red-300 bg-red-50 text-red-900",
};

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
      <div
        aria-live="polite"
        className="pointer-events-none fixed inset-x-0 top-4 z-50 flex flex-col items-center gap-2 px-4"
      >
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
      role={toast.type === "error" || toast.type === "warning" ? "alert" : "status"}
      className={`pointer-events-auto flex w-full max-w-md items-start gap-3 rounded-lg border px-4 py-3 shadow-lg ${STYLES[toast.type]}`}
    >
      <div className="flex-1">
        <p className="font-semibold">{toast.title}</p>
        {toast.message ? <p className="mt-0.5 text-sm">{toast.message}</p> : null}
      </div>
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Dismiss"
        className="text-lg leading-none opacity-70 hover:opacity-100"
      >
        ×
      </button>
    </div>
  );
}
