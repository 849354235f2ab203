/**
 * The pages an e-mailed newsletter link opens (confirm, unsubscribe): what the link is for, and one
 * button that does it. Opening the link changes nothing (mail scanners open links); the button posts.
 */
import { FormVerdict } from "./form-verdict";
import { messageAround, type MessageKey, useMessages } from "#app/i18n/use-messages";

/** What the page says, as messages: the page formats them in its language. */
export type NewsletterLinkState =
  | { kind: "ask"; title: MessageKey; question: MessageKey; email: string; button: MessageKey; token: string }
  | { kind: "done"; ok: boolean; title: MessageKey; message: MessageKey };

export function NewsletterLinkPage({
  state,
  children,
}: {
  state: NewsletterLinkState;
  children?: React.ReactNode;
}) {
  const { t } = useMessages();
  const [before, after] = state.kind === "ask" ? messageAround(t, state.question, "email") : ["", ""];
  return (
    <main className="mx-auto max-w-2xl px-4 py-8 sm:py-12">
      <h1 className="font-serif text-3xl font-bold sm:text-4xl">{t(state.title)}</h1>
      <div className="mt-6 rounded-lg border border-gray-200 bg-white p-5 shadow-sm sm:p-8">
        {state.kind === "ask" ? (
          <form method="post" className="space-y-5">
            <p className="text-lg text-gray-800">
              {before}
              <strong className="break-all">{state.email}</strong>
              {after}
            </p>
            <input type="hidden" name="token" value={state.token} />
            <button
              type="submit"
              className="inline-flex min-h-11 items-center rounded-md bg-brand-700 px-6 font-semibold text-white hover:bg-brand-900"
            >
              {t(state.button)}
            </button>
          </form>
        ) : (
          <FormVerdict result={{ ok: state.ok, title: t(state.title), message: t(state.message) }} />
        )}
        {children}
      </div>
    </main>
  );
}
