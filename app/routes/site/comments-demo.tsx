import { CommentItem, CommentList } from "#app/components/site/comments/comment-list";
import { getSettings } from "#app/domain/settings/settings.server";
import { pageMeta, siteMetaFrom } from "#app/lib/seo";
import { withDomainErrors } from "#app/lib/http-errors.server";
import type { Route } from "./+types/comments-demo";

/** A demo: comments live in this browser tab's memory only, following the two comment settings. */
export const loader = withDomainErrors(async ({ context }: Route.LoaderArgs) => {
  const settings = await getSettings(context.db);
  return {
    allowComments: settings.allowComments,
    autoApproveComments: settings.autoApproveComments,
    timezone: settings.timezone,
  };
});

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta({
    site: siteMetaFrom(matches),
    title: "Comments Demo",
    description: "Try the comment form: nothing is saved.",
    path: "/comments-demo",
  }),
  { name: "robots", content: "noindex" },
];

const DEMO_ARTICLES = [
  { id: "demo-1", title: "Demo article: the Volta Region's new cocoa cooperative" },
  { id: "demo-2", title: "Demo article: Black Stars name squad for the qualifiers" },
] as const;

const inputClass =
  "mt-1 block w-full rounded-md border border-gray-300 px-3 py-2.5 text-base focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none";

/**
 * The page is rendered by the server; the reader script (app/reader/comments-demo.ts) keeps the
 * comments per demo article in memory and fills in copies of the comment template below.
 */
export default function CommentsDemo({ loaderData }: Route.ComponentProps) {
  const { allowComments, autoApproveComments, timezone } = loaderData;
  return (
    <main className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
      <h1 className="font-serif text-3xl font-bold sm:text-4xl">Comments Demo</h1>
      <p className="mt-3 max-w-[65ch] text-gray-700">
        Try the comment form. Comments here stay in this browser tab&apos;s memory and disappear when you
        leave the page; nothing is sent to the newsroom. The demo follows the site&apos;s settings:
      </p>
      <ul className="mt-3 space-y-1 text-sm">
        <li>
          Comments allowed: <strong>{allowComments ? "Yes" : "No"}</strong>
        </li>
        <li>
          New comments approved automatically:{" "}
          <strong>{autoApproveComments ? "Yes" : "No (they await moderation)"}</strong>
        </li>
      </ul>
      <noscript>
        <p className="mt-4 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900">
          This demo runs in your browser and needs JavaScript.
        </p>
      </noscript>

      <div className="mt-6">
        <label htmlFor="demo-article" className="block text-sm font-medium text-gray-800">
          Article
        </label>
        <select id="demo-article" defaultValue={DEMO_ARTICLES[0].id} className={`${inputClass} bg-white`}>
          {DEMO_ARTICLES.map((a) => (
            <option key={a.id} value={a.id}>
              {a.title}
            </option>
          ))}
        </select>
      </div>

      <form
        noValidate
        data-comments-demo
        data-allow-comments={allowComments ? "yes" : "no"}
        data-auto-approve={autoApproveComments ? "yes" : "no"}
        aria-labelledby="demo-form-heading"
        className="mt-6 space-y-4 rounded-lg border border-gray-200 bg-gray-50 p-4 sm:p-6"
      >
        <h2 id="demo-form-heading" className="font-serif text-lg font-bold">
          Leave a comment
        </h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor="demo-name" className="block text-sm font-medium text-gray-800">
              Name
            </label>
            <input id="demo-name" name="name" type="text" required className={inputClass} />
          </div>
          <div>
            <label htmlFor="demo-email" className="block text-sm font-medium text-gray-800">
              Email
            </label>
            <input id="demo-email" name="email" type="email" required className={inputClass} />
          </div>
        </div>
        <div>
          <label htmlFor="demo-comment" className="block text-sm font-medium text-gray-800">
            Comment
          </label>
          <textarea id="demo-comment" name="comment" rows={4} required className={inputClass} />
        </div>
        <button
          type="submit"
          className="inline-flex min-h-11 items-center rounded-md bg-brand-700 px-5 font-semibold text-white hover:bg-brand-900"
        >
          Post Comment
        </button>
      </form>

      <section aria-labelledby="demo-comments" className="mt-8">
        <h2 id="demo-comments" className="font-serif text-2xl font-bold">
          Comments (<span data-demo-count="approved">0</span>)
        </h2>
        <div className="mt-4" data-demo-list="approved">
          <CommentList comments={[]} timeZone={timezone} />
        </div>
        <div className="mt-6" data-demo-pending hidden>
          <h3 className="font-semibold text-gray-800">
            Awaiting moderation (<span data-demo-count="pending">0</span>)
          </h3>
          <p className="text-sm text-gray-600">Readers would not see these until an editor approves them.</p>
          <div className="mt-3 opacity-80" data-demo-list="pending" />
        </div>
      </section>
      <template data-demo-comment data-time-zone={timezone}>
        <CommentItem
          comment={{ id: "", authorName: "", text: "", status: "approved", createdAt: new Date(0) }}
          timeZone={timezone}
          hasSlots
        />
      </template>
    </main>
  );
}
