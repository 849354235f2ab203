import { can, type Permission } from "#app/auth/permissions";

export type NavItem = Permission & {
  label: string;
  to: string;
};

/** The side menu of the back office; each entry shows only when the role holds its permission. */
const ADMIN_NAV: NavItem[] = [
  { label: "Dashboard", to: "/admin/dashboard", area: "dashboard", action: "view" },
  { label: "Articles", to: "/admin/articles", area: "articles", action: "create" },
  { label: "Categories", to: "/admin/categories", area: "categories", action: "view" },
  { label: "Comments", to: "/admin/comments", area: "comments", action: "view" },
  { label: "Messages", to: "/admin/messages", area: "messages", action: "view" },
  { label: "Subscribers", to: "/admin/subscribers", area: "subscribers", action: "view" },
  { label: "Newsletter", to: "/admin/newsletter", area: "newsletter", action: "view" },
  { label: "Members", to: "/admin/members", area: "members", action: "view" },
  { label: "Revenue", to: "/admin/revenue", area: "revenue", action: "view" },
  { label: "Users", to: "/admin/users", area: "users", action: "view" },
  { label: "Media", to: "/admin/media", area: "media", action: "view" },
  { label: "Header & Footer Code", to: "/admin/code", area: "plugins", action: "view" },
  { label: "Settings", to: "/admin/settings", area: "settings", action: "view" },
];

export const navFor = (role: string | null) => ADMIN_NAV.filter((item) => can(role, item.area, item.action));
