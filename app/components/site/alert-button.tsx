/**
 * A web push opt-in (decision record 017): rendered hidden, shown by the reader script (app/reader/push.ts)
 * only where the browser can take alerts, and asking for permission only when tapped, never on load.
 */
import { BellRing } from "lucide-react";

export function AlertButton({
  topic,
  label,
  className,
}: {
  topic: string;
  /** "Get breaking news alerts" or "Alert me about this story", in the page's words. */
  label: string;
  className: string;
}) {
  return (
    <button
      type="button"
      hidden
      data-push-topic={topic}
      aria-pressed="false"
      className={`min-h-11 items-center gap-2 rounded-md px-4 font-semibold [&:not([hidden])]:inline-flex ${className}`}
    >
      <BellRing aria-hidden="true" className="h-4 w-4 shrink-0" />
      <span data-push-label>{label}</span>
    </button>
  );
}
