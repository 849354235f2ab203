import { getSettings, publicSettings } from "#app/domain/settings/settings.server";
import { pageMeta, siteMetaFrom } from "#app/lib/seo";
import { withDomainErrors } from "#app/lib/http-errors.server";
import type { Route } from "./+types/settings-demo";

/** Read-only, and only the settings the site shows anyway: nothing secret leaves the server. */
export const loader = withDomainErrors(async ({ context }: Route.LoaderArgs) => {
  return { settings: publicSettings(await getSettings(context.db)) };
});

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta({
    site: siteMetaFrom(matches),
    title: "Settings Demo",
    description: "The site's current public settings.",
    path: "/settings-demo",
  }),
  { name: "robots", content: "noindex" },
];

type Value = string | number | boolean | Record<string, string>;

function show(value: Value) {
  if (typeof value === "boolean") {
    return (
      <span
        className={`rounded-full px-2 py-0.5 text-xs font-semibold ${value ? "bg-green-100 text-green-900" : "bg-gray-200 text-gray-800"}`}
      >
        {value ? "On" : "Off"}
      </span>
    );
  }
  if (typeof value === "object") {
    const entries = Object.entries(value);
    return (
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1">
        {entries.map(([key, inner]) => (
          <div key={key} className="contents">
            <dt className="text-gray-600">{key}</dt>
            <dd className="[overflow-wrap:anywhere]">
              {inner || <span className="text-gray-500">(not set)</span>}
            </dd>
          </div>
        ))}
      </dl>
    );
  }
  return String(value) === "" ? (
    <span className="text-gray-500">(not set)</span>
  ) : (
    <span className="[overflow-wrap:anywhere]">{String(value)}</span>
  );
}

export default function SettingsDemo({ loaderData }: Route.ComponentProps) {
  const entries = Object.entries(loaderData.settings) as Array<[string, Value]>;
  return (
    <main className="mx-auto max-w-4xl px-4 py-8 sm:py-12">
      <h1 className="font-serif text-3xl font-bold sm:text-4xl">Settings Demo</h1>
      <p className="mt-3 max-w-[65ch] text-gray-700">
        The site&apos;s current settings as the public pages use them. This page is read-only and lists only
        settings that are public anyway; staff change them in the back office.
      </p>
      <div className="mt-8 overflow-hidden rounded-lg border border-gray-200 bg-white">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Public settings</caption>
          <thead className="bg-gray-50 text-gray-700">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold">
                Setting
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Value
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {entries.map(([key, value]) => (
              <tr key={key} className="align-top">
                <th scope="row" className="px-4 py-3 font-mono text-xs font-medium text-gray-800 sm:text-sm">
                  {key}
                </th>
                <td className="px-4 py-3">{show(value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </main>
  );
}
