import { index, layout, prefix, route, type RouteConfig } from "@react-router/dev/routes";

/** The route table mirrors the spec's route tables (public-site.md and back-office.md, section 2). */
export default [
  layout("routes/site/layout.tsx", [
    index("routes/site/home.tsx"),
    route("article/:id", "routes/site/article.tsx"),
    route("category/:categorySlug", "routes/site/category.tsx"),
    route("all-articles", "routes/site/all-articles.tsx"),
    route("search", "routes/site/search.tsx"),
    route("latest-news", "routes/site/latest-news.tsx"),
    route("featured-news", "routes/site/featured-news.tsx"),
    route("contact", "routes/site/contact.tsx"),
    route("about", "routes/site/about.tsx"),
    route("privacy", "routes/site/privacy.tsx"),
    route("terms", "routes/site/terms.tsx"),
    route("settings-demo", "routes/site/settings-demo.tsx"),
    route("comments-demo", "routes/site/comments-demo.tsx"),
    route("database-setup", "routes/site/database-setup.tsx"),
  ]),
  ...["robots.txt", "ads.txt", "sitemap.xml", "news-sitemap.xml", "rss.xml"].map((file) =>
    route(file, "routes/resources/feeds.ts", { id: `feed-${file}` }),
  ),
  route("resources/article-views/:id", "routes/resources/article-views.ts"),
  route("admin/login", "routes/admin/login.tsx"),
  route("admin/logout", "routes/admin/logout.tsx"),
  ...prefix("admin", [
    layout("routes/admin/layout.tsx", [
      index("routes/admin/dashboard.tsx", { id: "admin-index" }),
      route("dashboard", "routes/admin/dashboard.tsx"),
      route("users", "routes/admin/users.tsx"),
      route("users/add", "routes/admin/users.add.tsx"),
      route("users/edit/:id", "routes/admin/users.edit.tsx"),
      route("profile", "routes/admin/profile.tsx"),
      route("notifications", "routes/admin/notifications.tsx"),
      route("articles", "routes/admin/articles.tsx"),
      route("articles/add", "routes/admin/articles.add.tsx"),
      route("articles/edit/:id", "routes/admin/articles.edit.tsx"),
      route("categories", "routes/admin/categories.tsx"),
      route("categories/add", "routes/admin/categories.add.tsx"),
      route("categories/edit/:id", "routes/admin/categories.edit.tsx"),
      route("comments", "routes/admin/comments.tsx"),
      route("*", "routes/admin/not-found.tsx"),
    ]),
  ]),
  route("*", "routes/site/not-found.tsx"),
] satisfies RouteConfig;
