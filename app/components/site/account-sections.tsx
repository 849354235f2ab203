/**
 * The account page's sections (decision record 021), each a plain form posting to /account with its
 * `intent`, so every one works without the reader script (decision record 005).
 */
import { MEMBER_NAME_MAX, MEMBER_TEXT } from "#app/domain/members/member-text";
import { buttonClass, inputClass, quietButtonClass } from "./account-page";

export interface AccountView {
  email: string;
  name: string;
  passes: { id: string; plan: string; from: string; until: string; state: string }[];
  receipts: { id: string; date: string; what: string; amount: string; channel: string; status: string }[];
  newsletter: { available: boolean; subscribed: boolean };
}

const heading = "font-serif text-xl font-bold";

function Intent({ intent, label, quiet }: { intent: string; label: string; quiet?: boolean }) {
  return (
    <form method="post">
      <input type="hidden" name="intent" value={intent} />
      <button type="submit" className={quiet ? quietButtonClass : buttonClass}>
        {label}
      </button>
    </form>
  );
}

export function AccountSections({
  account,
  verdictFor,
  typedName,
}: {
  account: AccountView;
  verdictFor: (intent: string) => React.ReactNode;
  typedName?: string;
}) {
  return (
    <>
      <section aria-labelledby="account-you" className="space-y-3">
        <h2 id="account-you" className={heading}>
          {MEMBER_TEXT.emailHeading}
        </h2>
        <p className="break-all text-gray-800" data-account-email>
          {account.email}
        </p>
        {verdictFor("name")}
        <form method="post" className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <input type="hidden" name="intent" value="name" />
          <div className="min-w-0 flex-1">
            <label htmlFor="account-name" className="block text-sm font-medium text-gray-800">
              {MEMBER_TEXT.nameLabel}
            </label>
            <input
              id="account-name"
              name="name"
              autoComplete="name"
              maxLength={MEMBER_NAME_MAX}
              defaultValue={typedName ?? account.name}
              className={inputClass}
            />
          </div>
          <button type="submit" className={quietButtonClass}>
            {MEMBER_TEXT.saveName}
          </button>
        </form>
      </section>
      <Passes passes={account.passes} />
      <Receipts receipts={account.receipts} />
      {account.newsletter.available || account.newsletter.subscribed ? (
        <section aria-labelledby="account-newsletter" className="space-y-3">
          <h2 id="account-newsletter" className={heading}>
            {MEMBER_TEXT.newsletterHeading}
          </h2>
          {verdictFor("subscribe")}
          {verdictFor("unsubscribe")}
          <p className="text-gray-700">
            {account.newsletter.subscribed ? MEMBER_TEXT.newsletterOn : MEMBER_TEXT.newsletterOff}
          </p>
          {account.newsletter.subscribed ? (
            <Intent intent="unsubscribe" label={MEMBER_TEXT.unsubscribe} quiet />
          ) : (
            <Intent intent="subscribe" label={MEMBER_TEXT.subscribe} />
          )}
        </section>
      ) : null}
      <section aria-labelledby="account-sessions" className="flex flex-wrap gap-3">
        <h2 id="account-sessions" className="sr-only">
          {MEMBER_TEXT.signOut}
        </h2>
        <Intent intent="sign-out" label={MEMBER_TEXT.signOut} quiet />
        <Intent intent="sign-out-everywhere" label={MEMBER_TEXT.signOutEverywhere} quiet />
      </section>
      <section aria-labelledby="account-data" className="space-y-3">
        <h2 id="account-data" className={heading}>
          {MEMBER_TEXT.dataHeading}
        </h2>
        <a href="/account/data.json" download className={quietButtonClass}>
          {MEMBER_TEXT.downloadData}
        </a>
      </section>
      <DeleteAccount verdict={verdictFor("delete")} />
    </>
  );
}

function Passes({ passes }: { passes: AccountView["passes"] }) {
  return (
    <section aria-labelledby="account-passes" className="space-y-3">
      <h2 id="account-passes" className={heading}>
        {MEMBER_TEXT.passesHeading}
      </h2>
      {passes.length === 0 ? (
        <p className="text-gray-700">{MEMBER_TEXT.noPasses}</p>
      ) : (
        <ul className="divide-y divide-gray-200">
          {passes.map((pass) => (
            <li key={pass.id} className="flex flex-wrap justify-between gap-2 py-2">
              <span className="font-semibold">{pass.plan}</span>
              <span className="text-gray-700">
                {pass.from} – {pass.until}
              </span>
              <span className="text-sm font-semibold">{pass.state}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Receipts({ receipts }: { receipts: AccountView["receipts"] }) {
  return (
    <section aria-labelledby="account-receipts" className="space-y-3">
      <h2 id="account-receipts" className={heading}>
        {MEMBER_TEXT.receiptsHeading}
      </h2>
      {receipts.length === 0 ? (
        <p className="text-gray-700">{MEMBER_TEXT.noReceipts}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-gray-200">
                <th className="py-2 pr-3">Date</th>
                <th className="py-2 pr-3">What</th>
                <th className="py-2 pr-3">Amount</th>
                <th className="py-2 pr-3">Paid by</th>
                <th className="py-2">Status</th>
              </tr>
            </thead>
            <tbody>
              {receipts.map((r) => (
                <tr key={r.id} className="border-b border-gray-100">
                  <td className="py-2 pr-3 whitespace-nowrap">{r.date}</td>
                  <td className="py-2 pr-3">{r.what}</td>
                  <td className="py-2 pr-3 whitespace-nowrap">{r.amount}</td>
                  <td className="py-2 pr-3">{r.channel}</td>
                  <td className="py-2">{r.status}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function DeleteAccount({ verdict }: { verdict: React.ReactNode }) {
  return (
    <section aria-labelledby="account-delete" className="space-y-3 border-t border-gray-200 pt-6">
      <h2 id="account-delete" className={heading}>
        {MEMBER_TEXT.deleteHeading}
      </h2>
      <p className="text-gray-700">{MEMBER_TEXT.deleteIntro}</p>
      {verdict}
      <form method="post" className="space-y-3">
        <input type="hidden" name="intent" value="delete" />
        <div>
          <label htmlFor="account-delete-confirmation" className="block text-sm font-medium text-gray-800">
            {MEMBER_TEXT.deleteLabel}
          </label>
          <input
            id="account-delete-confirmation"
            name="confirmation"
            autoComplete="off"
            required
            className={inputClass}
          />
        </div>
        <button
          type="submit"
          className="inline-flex min-h-11 items-center rounded-md bg-red-700 px-5 font-semibold text-white hover:bg-red-800"
        >
          {MEMBER_TEXT.deleteButton}
        </button>
      </form>
    </section>
  );
}
