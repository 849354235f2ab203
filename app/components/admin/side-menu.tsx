/** The back office's side menu: the entries the role may use, then 'View Site' and 'Sign Out'. */
import {
  Banknote,
  Code,
  Contact,
  ExternalLink,
  FileText,
  FolderOpen,
  Image,
  LayoutDashboard,
  LogOut,
  Mail,
  MessageSquare,
  Newspaper,
  Send,
  Settings,
  Users,
  type LucideIcon,
} from "lucide-react";
import { Form, Link, NavLink } from "react-router";
import type { NavItem } from "./nav";

const ICONS: Record<string, LucideIcon> = {
  "/admin/dashboard": LayoutDashboard,
  "/admin/articles": FileText,
  "/admin/categories": FolderOpen,
  "/admin/comments": MessageSquare,
  "/admin/messages": Mail,
  "/admin/subscribers": Newspaper,
  "/admin/newsletter": Send,
  "/admin/members": Contact,
  "/admin/revenue": Banknote,
  "/admin/users": Users,
  "/admin/media": Image,
  "/admin/code": Code,
  "/admin/settings": Settings,
};

const linkClass = "flex items-center gap-2.5 rounded px-3 py-2 text-sm";

export function SideMenu({ items }: { items: NavItem[] }) {
  return (
    <>
      <nav aria-label="Admin" className="flex flex-col gap-0.5 px-2 py-2">
        {items.map((item) => {
          const Icon = ICONS[item.to] ?? LayoutDashboard;
          return (
            <NavLink
              key={item.to}
              to={item.to}
              className={({ isActive }) =>
                `${linkClass} ${isActive ? "bg-brand-700 text-white" : "text-gray-300 hover:bg-gray-800 hover:text-white"}`
              }
            >
              <Icon className="h-4 w-4 shrink-0" aria-hidden />
              {item.label}
            </NavLink>
          );
        })}
      </nav>
      <div className="mt-auto flex flex-col gap-0.5 border-t border-gray-800 px-2 py-3">
        {/* A full load: the public page's own code (snippets, ads) is put in by the server. */}
        <Link
          reloadDocument
          to="/"
          className={`${linkClass} text-gray-300 hover:bg-gray-800 hover:text-white`}
        >
          <ExternalLink className="h-4 w-4" aria-hidden /> View Site
        </Link>
        <Form method="post" action="/admin/logout">
          <button
            type="submit"
            className={`${linkClass} w-full text-left text-gray-300 hover:bg-gray-800 hover:text-white`}
          >
            <LogOut className="h-4 w-4" aria-hidden /> Sign Out
          </button>
        </Form>
      </div>
    </>
  );
}
