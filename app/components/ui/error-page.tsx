/**
 * The plain error page, with no site chrome: for errors that happen before the chrome's data is there
 * (maintenance's 503 from the site layout, a failing layout) and outside the reader site.
 */
import { isRouteErrorResponse, Link } from "react-router";

/**
 * A reader page's words for a failure, in its language (decision record 022, point 6), and its edition's
 * home; without them (the back office, the maintenance page) English and `/`.
 */
export interface ErrorWords {
  title: string;
  message: string;
  goHome: string;
  homeHref: string;
}

interface ErrorPayload {
  title?: string;
  message?: string;
}

/** Status, title and message of a route error: expected errors carry them, anything else stays vague. */
export function describeRouteError(error: unknown, words?: ErrorWords) {
  let title = words?.title ?? "Something went wrong";
  let message = words?.message ?? "An unexpected error occurred. Please try again later.";
  let status = 500;
  if (isRouteErrorResponse(error)) {
    status = error.status;
    const payload = (typeof error.data === "object" && error.data) as ErrorPayload | false;
    if (status === 404) {
      title = "Page not found";
      message = "The page you are looking for does not exist or has been moved.";
    }
    if (payload && payload.title) title = payload.title;
    if (payload && payload.message) message = payload.message;
  }
  return { status, title, message };
}

export function ErrorPage({ error, words }: { error: unknown; words?: ErrorWords }) {
  const { status, title, message } = describeRouteError(error, words);
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-4 py-16 text-center">
      <p className="text-sm font-semibold tracking-wide text-gray-500">{status}</p>
      <h1 className="mt-2 font-serif text-3xl font-bold">{title}</h1>
      <p className="mt-3 text-gray-600">{message}</p>
      {/* In maintenance (503) every public page answers the same: a link home would only loop. */}
      {status === 503 ? null : (
        <Link
          to={words?.homeHref ?? "/"}
          className="mt-6 rounded-md bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-900"
        >
          {words?.goHome ?? "Go to the homepage"}
        </Link>
      )}
    </main>
  );
}
