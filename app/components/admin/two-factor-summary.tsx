/**
 * Profile's two-factor section: whether it is on, and the way to /admin/profile/two-factor
 * (app/routes/admin/profile.two-factor.tsx), where it is set up, managed and turned off.
 */
import { Link } from "react-router";
import type { TWO_FACTOR_TEXT } from "#app/auth/two-factor-text";

/** Its words, from the route: components take nothing from app/auth but the permission matrix. */
type SummaryText = Pick<
  typeof TWO_FACTOR_TEXT,
  "sectionHeading" | "sectionOn" | "sectionOff" | "manage" | "setUp"
>;

export function TwoFactorSummary({ isOn, text }: { isOn: boolean; text: SummaryText }) {
  return (
    <section
      aria-labelledby="two-factor-heading"
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-gray-200 bg-white px-4 py-4 md:px-6"
    >
      <div>
        <h2 id="two-factor-heading" className="text-lg font-semibold">
          {text.sectionHeading}
        </h2>
        <p className="text-sm text-gray-600">{isOn ? text.sectionOn : text.sectionOff}</p>
      </div>
      <Link
        to="/admin/profile/two-factor"
        className="rounded-md border border-gray-300 px-3 py-1.5 text-sm font-medium hover:bg-gray-50"
      >
        {isOn ? text.manage : text.setUp}
      </Link>
    </section>
  );
}
