import { index, layout, prefix, route, type RouteConfig } from "@react-router/dev/routes";

/**
 * The reader pages every edition has (decision record 022): built once at the root for the main edition and
 * once under `/:edition` for the others, each twin with its own id. A new reader page joins this list, or
 * stays main-only on purpose (accounts, checkout, contact, about and the legal pages do for now).
 */
function editionPages(twin: "" | "edition") {
  const id = (file: string) => ({
    id: twin ? `${file.replace(/\.tsx$/, "")}.edition` : file.replace(/\.tsx$/, ""),
  });
  const page = (path: string, file: string) => route(path, file, id(file));
  return [
    index("routes/site/home.tsx", id("routes/site/home.tsx")),
    page("article/:id", "routes/site/article.tsx"),
    page("category/:categorySlug", "routes/site/category.tsx"),
    page("author/:slug", "routes/site/author.tsx"),
    page("tag/:slug", "routes/site/tag.tsx"),
    page("all-articles", "routes/site/all-articles.tsx"),
    page("search", "routes/site/search.tsx"),
    page("latest-news", "routes/site/latest-news.tsx"),
    page("featured-news", "routes/site/featured-news.tsx"),
    page("newsletter", "routes/site/newsletter.tsx"),
    page("newsletter/confirm", "routes/site/newsletter.confirm.tsx"),
    page("newsletter/unsubscribe", "routes/site/newsletter.unsubscribe.tsx"),
    page("offline", "routes/site/offline.tsx"),
    // Any other address: the not-found page inside the site's chrome, status 404.
    page("*", "routes/site/not-found.tsx"),
  ];
}

/** Every address of the reader site and the back office (docs/architecture.md, "How a request flows"). */
export default [
  layout("routes/site/layout.tsx", [
    ...editionPages(""),
    route("contact", "routes/site/contact.tsx"),
    route("account", "routes/site/account.tsx"),
    route("account/sign-in", "routes/site/account.sign-in.tsx"),
    route("account/verify", "routes/site/account.verify.tsx"),
    route("about", "routes/site/about.tsx"),
    route("privacy", "routes/site/privacy.tsx"),
    route("terms", "routes/site/terms.tsx"),
    route("settings-demo", "routes/site/settings-demo.tsx"),
    route("comments-demo", "routes/site/comments-demo.tsx"),
    route("database-setup", "routes/site/database-setup.tsx"),
    route("account/support", "routes/site/account.support.tsx"),
    route("account/checkout", "routes/site/account.checkout.tsx"),
    route("account/checkout/return", "routes/site/account.checkout-return.tsx"),
    // An edition's pages (decision record 022): an unknown or switched-off tag is answered by edition.tsx.
    route(":edition", "routes/site/edition.tsx", editionPages("edition")),
  ]),
  ...["robots.txt", "ads.txt", "sitemap.xml", "news-sitemap.xml", "rss.xml"].map((file) =>
    route(file, "routes/resources/feeds.ts", { id: `feed-${file}` }),
  ),
  // A reader's own data as a file (decision record 021): personal, never cached.
  route("account/data.json", "routes/resources/account-data.ts"),
  route("manifest.webmanifest", "routes/resources/web-app-manifest.ts"),
  route("lite", "routes/resources/lite-mode.ts"),
  route("category/:categorySlug/rss.xml", "routes/resources/category-feed.ts"),
  // An edition's feeds (decision record 022).
  route(":edition/rss.xml", "routes/resources/feeds.ts", { id: "feed-edition-rss.xml" }),
  route(":edition/category/:categorySlug/rss.xml", "routes/resources/category-feed.ts", {
    id: "category-feed-edition",
  }),
  route("article/:id/updates.rss", "routes/resources/live-feed.ts"),
  // A live story's stream for the reader script's poll: cached like a page, purged with the story.
  route("article/:id/updates", "routes/resources/live-updates.ts"),
  route("resources/article-views/:id", "routes/resources/article-views.ts"),
  // What is personal on a gated story's page, for the reader script (decision record 021).
  route("account/me.json", "routes/resources/account-me.ts"),
  route("resources/alerts", "routes/resources/alerts.ts"),
  route("newsletter/one-click", "routes/resources/newsletter-one-click.ts"),
  route("webhooks/paystack", "routes/resources/paystack-webhook.ts"),
  route("newsletter/opened", "routes/resources/newsletter-counts.ts", { id: "newsletter-opened" }),
  route("newsletter/clicked", "routes/resources/newsletter-counts.ts", { id: "newsletter-clicked" }),
  route("admin/media/upload", "routes/resources/media-upload.ts"),
  route("admin/media/picker", "routes/resources/media-picker.ts"),
  route("admin/subscribers/export.csv", "routes/resources/subscribers-export.ts"),
  route("admin/revenue.csv", "routes/resources/revenue-export.ts"),
  route("admin/login", "routes/admin/login.tsx"),
  route("admin/logout", "routes/admin/logout.tsx"),
  route("admin/forgot-password", "routes/admin/forgot-password.tsx"),
  route("admin/set-password", "routes/admin/set-password.tsx"),
  route("admin/two-factor", "routes/admin/two-factor.tsx"),
  route("admin/articles/autosave", "routes/admin/articles.autosave.ts"),
  ...prefix("admin", [
    layout("routes/admin/layout.tsx", [
      index("routes/admin/dashboard.tsx", { id: "admin-index" }),
      route("dashboard", "routes/admin/dashboard.tsx"),
      route("users", "routes/admin/users.tsx"),
      route("users/add", "routes/admin/users.add.tsx"),
      route("users/edit/:id", "routes/admin/users.edit.tsx"),
      route("profile", "routes/admin/profile.tsx"),
      route("profile/two-factor", "routes/admin/profile.two-factor.tsx"),
      route("profile/sessions", "routes/admin/profile.sessions.tsx"),
      route("notifications", "routes/admin/notifications.tsx"),
      route("articles", "routes/admin/articles.tsx"),
      route("articles/add", "routes/admin/articles.add.tsx"),
      route("articles/edit/:id", "routes/admin/articles.edit.tsx"),
      route("articles/revisions/:id", "routes/admin/articles.revisions.tsx"),
      route("articles/live/:id", "routes/admin/articles.live.tsx"),
      route("categories", "routes/admin/categories.tsx"),
      route("categories/add", "routes/admin/categories.add.tsx"),
      route("categories/edit/:id", "routes/admin/categories.edit.tsx"),
      route("comments", "routes/admin/comments.tsx"),
      route("messages", "routes/admin/messages.tsx"),
      route("messages/:id", "routes/admin/messages.view.tsx"),
      route("subscribers", "routes/admin/subscribers.tsx"),
      route("newsletter", "routes/admin/newsletter.tsx"),
      route("newsletter/new", "routes/admin/newsletter.new.tsx"),
      route("newsletter/:id", "routes/admin/newsletter.issue.tsx"),
      route("members", "routes/admin/members.tsx"),
      route("revenue", "routes/admin/revenue.tsx"),
      route("media", "routes/admin/media.tsx"),
      route("media/:id", "routes/admin/media.item.tsx"),
      route("code", "routes/admin/code.tsx"),
      route("settings", "routes/admin/settings.tsx"),
      route("settings/editions", "routes/admin/settings.editions.tsx"),
      route("ads", "routes/admin/ads.tsx"),
      route("*", "routes/admin/not-found.tsx"),
    ]),
  ]),
] satisfies RouteConfig;
