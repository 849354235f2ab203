/**
 * The pages an e-mailed newsletter link opens (confirm, unsubscribe): what the link is for, and one
 * button that does it. Opening the link changes nothing (mail scanners open links); the button posts.
 */
import { FormVerdict } from "./form-verdict";

export type NewsletterLinkState =
  | { kind: "ask"; title: string; question: string; email: string; button: string; token: string }
  | { kind: "done"; ok: boolean; title: string; message: string };

export function NewsletterLinkPage({
  state,
  children,
}: {
  state: NewsletterLinkState;
  children?: React.ReactNode;
}) {
  return (
    <main className="mx-auto max-w-2xl px-4 py-8 sm:py-12">
      <h1 className="font-serif text-3xl font-bold sm:text-4xl">{state.title}</h1>
      <div className="mt-6 rounded-lg border border-gray-200 bg-white p-5 shadow-sm sm:p-8">
        {state.kind === "ask" ? (
          <form method="post" className="space-y-5">
            <p className="text-lg text-gray-800">
              {state.question} <strong className="break-all">{state.email}</strong>?
            </p>
            <input type="hidden" name="token" value={state.token} />
            <button
              type="submit"
              className="inline-flex min-h-11 items-center rounded-md bg-brand-700 px-6 font-semibold text-white hover:bg-brand-900"
            >
              {state.button}
            </button>
          </form>
        ) : (
          <FormVerdict result={state} />
        )}
        {children}
      </div>
    </main>
  );
}
