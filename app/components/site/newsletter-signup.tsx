/**
 * The newsletter signup form: in the footer of every reader page (dark) and on /newsletter (light).
 * Both post to /newsletter; without the reader script the answer is that page with its verdict, with it
 * the form is checked in the browser and sent in the background (app/reader/forms.ts, `newsletter`).
 */
import {
  NEWSLETTER_EMAIL_MAX,
  SIGNUP_EDITION_FIELD,
  SIGNUP_EDITIONS_LISTED_FIELD,
  type SignupEdition,
} from "#app/domain/newsletter/newsletter-form";
import { useEditionPath } from "./use-site";
import { useMessages } from "#app/i18n/use-messages";

interface NewsletterSignupProps {
  /** Keeps the ids apart when the page and the footer both show the form. */
  idPrefix: string;
  tone: "dark" | "light";
  /** What the reader typed, when the server sent the form back. */
  typed?: { email: string; consent: boolean; editions?: string[] };
  /**
   * Where several editions are open (the signup page), each as a check box, the page's ticked (decision
   * record 022, point 11); without, the signup is the page's edition's.
   */
  editions?: { choices: SignupEdition[]; page: string } | null;
  /** Open counts are on: the reader consents to them too, so the form says so. */
  countsOpens?: boolean;
  children?: React.ReactNode;
}

const TONE = {
  dark: {
    label: "text-blue-50",
    input: "border-white/30 bg-white text-gray-900",
    consent: "text-blue-100",
    button: "bg-red-700 hover:bg-red-800",
  },
  light: {
    label: "text-gray-800",
    input: "border-gray-300 bg-white",
    consent: "text-gray-700",
    button: "bg-brand-700 hover:bg-brand-900",
  },
};

export function NewsletterSignup({
  idPrefix,
  tone,
  typed,
  countsOpens,
  editions,
  children,
}: NewsletterSignupProps) {
  const look = TONE[tone];
  const signupPath = useEditionPath()("/newsletter");
  const { t } = useMessages();
  return (
    <form
      method="post"
      action={signupPath}
      noValidate
      data-form="newsletter"
      aria-label={t("newsletter.formLabel")}
      className="space-y-3"
    >
      {children}
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="min-w-0 flex-1">
          <label htmlFor={`${idPrefix}-email`} className={`block text-sm font-medium ${look.label}`}>
            {t("newsletter.emailLabel")}
          </label>
          <input
            id={`${idPrefix}-email`}
            name="email"
            type="email"
            required
            autoComplete="email"
            inputMode="email"
            maxLength={NEWSLETTER_EMAIL_MAX}
            defaultValue={typed?.email}
            className={`mt-1 block w-full rounded-md border px-3 py-2.5 text-base focus:ring-2 focus:ring-brand-600/40 focus:outline-none ${look.input}`}
          />
        </div>
        <button
          type="submit"
          data-busy-label={t("newsletter.subscribing")}
          className={`inline-flex min-h-11 items-center justify-center rounded-md px-5 font-semibold text-white disabled:cursor-not-allowed disabled:opacity-60 ${look.button}`}
        >
          {t("newsletter.submit")}
        </button>
      </div>
      {editions ? (
        <EditionChoices idPrefix={idPrefix} editions={editions} typed={typed?.editions} look={look} />
      ) : null}
      <div className="flex gap-2">
        <input
          id={`${idPrefix}-consent`}
          name="consent"
          type="checkbox"
          required
          defaultChecked={typed?.consent}
          className="mt-1 h-4 w-4 shrink-0"
        />
        <label htmlFor={`${idPrefix}-consent`} className={`text-sm leading-snug ${look.consent}`}>
          {t("newsletter.consentLabel")}
          {countsOpens ? ` ${t("newsletter.countsNotice")}` : null}
        </label>
      </div>
    </form>
  );
}

function EditionChoices({
  idPrefix,
  editions,
  typed,
  look,
}: {
  idPrefix: string;
  editions: { choices: SignupEdition[]; page: string };
  typed?: string[];
  look: (typeof TONE)[keyof typeof TONE];
}) {
  const { t } = useMessages();
  return (
    <fieldset>
      <legend className={`text-sm font-medium ${look.label}`}>{t("newsletterEditions.legend")}</legend>
      <input type="hidden" name={SIGNUP_EDITIONS_LISTED_FIELD} value="1" />
      <div className="mt-1 flex flex-wrap gap-x-5 gap-y-1">
        {editions.choices.map((edition) => (
          <div key={edition.tag} className="flex items-center gap-2">
            <input
              id={`${idPrefix}-edition-${edition.tag}`}
              name={SIGNUP_EDITION_FIELD}
              type="checkbox"
              value={edition.tag}
              defaultChecked={typed ? typed.includes(edition.tag) : edition.tag === editions.page}
              className="h-4 w-4 shrink-0"
            />
            {/* Each edition by its own name, in its own language (decision record 022, point 1). */}
            <label
              htmlFor={`${idPrefix}-edition-${edition.tag}`}
              lang={edition.tag}
              className={`text-sm ${look.consent}`}
            >
              {edition.name}
            </label>
          </div>
        ))}
      </div>
    </fieldset>
  );
}
