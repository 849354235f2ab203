/**
 * The account pages' frame and the sign-in form (decision record 021). Plain forms that post without the
 * reader script: reader pages are not hydrated (decision record 005).
 */
import { MEMBER_EMAIL_MAX, MEMBER_TEXT } from "#app/domain/members/member-text";

export const buttonClass =
  "inline-flex min-h-11 items-center justify-center rounded-md bg-brand-700 px-5 font-semibold text-white hover:bg-brand-900";
export const quietButtonClass =
  "inline-flex min-h-11 items-center justify-center rounded-md border border-gray-300 bg-white px-5 font-semibold text-gray-800 hover:bg-gray-50";
export const inputClass =
  "mt-1 block w-full rounded-md border border-gray-300 bg-white px-3 py-2.5 text-base focus:ring-2 focus:ring-brand-600/40 focus:outline-none";

export function AccountFrame({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <main className="mx-auto max-w-2xl px-4 py-8 sm:py-12">
      <h1 className="font-serif text-3xl font-bold sm:text-4xl">{title}</h1>
      <div className="mt-6 space-y-6 rounded-lg border border-gray-200 bg-white p-5 shadow-sm sm:p-8">
        {children}
      </div>
    </main>
  );
}

/** The address field and its button; posts to the sign-in page, carrying where the reader was. */
export function SignInForm({ returnTo, email }: { returnTo: string; email?: string }) {
  return (
    <form
      method="post"
      action="/account/sign-in"
      noValidate
      aria-label={MEMBER_TEXT.signInTitle}
      className="space-y-4"
    >
      <input type="hidden" name="returnTo" value={returnTo} />
      <div>
        <label htmlFor="sign-in-email" className="block text-sm font-medium text-gray-800">
          {MEMBER_TEXT.emailLabel}
        </label>
        <input
          id="sign-in-email"
          name="email"
          type="email"
          required
          autoComplete="email"
          inputMode="email"
          maxLength={MEMBER_EMAIL_MAX}
          defaultValue={email}
          className={inputClass}
        />
      </div>
      <button type="submit" className={buttonClass}>
        {MEMBER_TEXT.sendLink}
      </button>
    </form>
  );
}
