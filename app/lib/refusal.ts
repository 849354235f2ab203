/**
 * Domain functions refuse with `throw data(payload, { status })` (403 Access Denied, 404, 400 with a
 * message). Callers that carry on after a refusal (bulk actions, tests) recognise it here.
 */
export interface Refusal<D = unknown> {
  type: "DataWithResponseInit";
  data: D;
  init: ResponseInit | null;
}

export function isRefusal(error: unknown): error is Refusal {
  return (
    typeof error === "object" &&
    error !== null &&
    (error as { type?: unknown }).type === "DataWithResponseInit"
  );
}

/** The HTTP status of a refusal, or undefined for an unexpected error. */
export const refusalStatus = (error: unknown): number | undefined =>
  isRefusal(error) ? (error.init?.status ?? 200) : undefined;

/** The message a refusal carries ({ error } or { message }), if any. */
export function refusalMessage(error: unknown): string | undefined {
  if (!isRefusal(error) || typeof error.data !== "object" || error.data === null) return undefined;
  const payload = error.data as { error?: unknown; message?: unknown };
  if (typeof payload.error === "string") return payload.error;
  return typeof payload.message === "string" ? payload.message : undefined;
}
