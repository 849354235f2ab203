/**
 * The phone menu. A <details> disclosure so it opens without JavaScript; with JavaScript, Escape closes
 * it, the page behind does not scroll while it is open, and it closes when the route changes.
 */
import { Menu, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { NavLink, useLocation } from "react-router";
import type { SocialLinks as SocialLinksSettings } from "#app/db/schema";
import type { NavCategory } from "#app/domain/categories/public.server";
import { SocialLinks } from "./social-links";

export function MobileMenu({
  categories,
  social,
}: {
  categories: NavCategory[];
  social: SocialLinksSettings;
}) {
  const ref = useRef<HTMLDetailsElement>(null);
  const [isOpen, setIsOpen] = useState(false);
  const location = useLocation();

  // Close on navigation, but not on the first render: a reader who opened the menu before the page
  // hydrated keeps it open.
  const shownAt = useRef(location.pathname + location.search);
  useEffect(() => {
    const here = location.pathname + location.search;
    if (shownAt.current === here) return;
    shownAt.current = here;
    if (ref.current) ref.current.open = false;
  }, [location.pathname, location.search]);

  // The menu may have been opened before hydration; pick up its state.
  useEffect(() => {
    if (ref.current?.open) setIsOpen(true);
  }, []);

  useEffect(() => {
    if (!isOpen) return;
    const previous = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape" && ref.current) {
        ref.current.open = false;
        ref.current.querySelector("summary")?.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.body.style.overflow = previous;
      document.removeEventListener("keydown", onKey);
    };
  }, [isOpen]);

  // Lifestyle is linked on phones even when it is not among the categories (the spec links it directly).
  const hasLifestyle = categories.some((c) => c.slug === "lifestyle");
  const item =
    "flex min-h-12 items-center rounded-md px-3 text-base font-semibold text-slate-800 hover:bg-slate-100";
  const active = ({ isActive }: { isActive: boolean }) =>
    `${item} ${isActive ? "bg-brand-50 text-brand-700" : ""}`;
  return (
    <details ref={ref} className="lg:hidden" onToggle={(event) => setIsOpen(event.currentTarget.open)}>
      <summary
        aria-label={isOpen ? "Close menu" : "Open menu"}
        className="flex size-11 cursor-pointer list-none items-center justify-center rounded-md text-slate-800 hover:bg-slate-100 [&::-webkit-details-marker]:hidden"
      >
        {isOpen ? <X aria-hidden size={24} /> : <Menu aria-hidden size={24} />}
      </summary>
      <div className="fixed inset-x-0 top-[var(--header-height,4rem)] bottom-0 z-50 overflow-y-auto border-t border-slate-200 bg-white px-4 pt-3 pb-10 shadow-xl">
        <nav aria-label="Mobile">
          <ul className="space-y-1">
            <li>
              <NavLink to="/" end className={active}>
                Home
              </NavLink>
            </li>
            <li>
              <p className="px-3 pt-3 pb-1 text-xs font-bold tracking-wider text-slate-500 uppercase">News</p>
              <ul className="grid grid-cols-2 gap-1">
                {categories.map((c) => (
                  <li key={c.slug}>
                    <NavLink to={`/category/${c.slug}`} className={active}>
                      <span
                        aria-hidden
                        className="mr-2 size-2.5 shrink-0 rounded-full"
                        style={{ backgroundColor: c.color }}
                      />
                      {c.name}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </li>
            {hasLifestyle ? null : (
              <li>
                <NavLink to="/category/lifestyle" className={active}>
                  Lifestyle
                </NavLink>
              </li>
            )}
            <li>
              <NavLink to="/all-articles" className={active}>
                All Articles
              </NavLink>
            </li>
            <li>
              <NavLink to="/search" className={active}>
                Search
              </NavLink>
            </li>
            <li>
              <NavLink to="/contact" className={active}>
                Contact
              </NavLink>
            </li>
          </ul>
        </nav>
        <div className="mt-6 border-t border-slate-200 px-3 pt-5">
          <SocialLinks links={social} />
        </div>
      </div>
    </details>
  );
}
