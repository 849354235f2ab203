/**
 * The top bar's user menu: labelled with the display name (or 'User') and, from sm up, the role badge (on
 * a phone the badge moves into the menu to leave the bar room); works without JavaScript (<details>).
 */
import { ChevronDown, LogOut, Settings, UserCircle } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, Link, useLocation } from "react-router";
import { RoleBadge } from "./role-badge";

export function UserMenu({
  name,
  role,
  canSeeSettings,
}: {
  name: string;
  role: string | null;
  canSeeSettings: boolean;
}) {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [location.key]);
  const label = name || "User";
  return (
    <details ref={ref} className="relative">
      <summary className="flex cursor-pointer list-none items-center gap-1.5 rounded px-2 py-1.5 text-sm font-medium text-gray-700 hover:bg-gray-100 [&::-webkit-details-marker]:hidden">
        <UserCircle className="h-5 w-5 text-gray-500" aria-hidden />
        <span className="max-w-[7rem] truncate sm:max-w-[10rem]">{label}</span>
        <RoleBadge role={role} className="max-sm:hidden" />
        <ChevronDown className="h-4 w-4 text-gray-400" aria-hidden />
      </summary>
      <div className="absolute right-0 z-40 mt-2 w-56 rounded-md border border-gray-200 bg-white py-1 text-sm shadow-lg">
        <p className="border-b border-gray-100 px-3 py-2 text-xs text-gray-600">
          Role: <RoleBadge role={role} />
        </p>
        <Link to="/admin/profile" className="flex items-center gap-2 px-3 py-2 hover:bg-gray-50">
          <UserCircle className="h-4 w-4 text-gray-500" aria-hidden /> Your Profile
        </Link>
        {canSeeSettings ? (
          <Link to="/admin/settings" className="flex items-center gap-2 px-3 py-2 hover:bg-gray-50">
            <Settings className="h-4 w-4 text-gray-500" aria-hidden /> Settings
          </Link>
        ) : null}
        <Form method="post" action="/admin/logout">
          <button
            type="submit"
            className="flex w-full items-center gap-2 px-3 py-2 text-left hover:bg-gray-50"
          >
            <LogOut className="h-4 w-4 text-gray-500" aria-hidden /> Log Out
          </button>
        </Form>
      </div>
    </details>
  );
}
