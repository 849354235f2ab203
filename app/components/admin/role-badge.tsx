/** A role as a coloured badge (colours in app/lib/role-badge.ts). */
import { roleBadge } from "#app/lib/role-badge";

export function RoleBadge({ role, className = "" }: { role: string | null | undefined; className?: string }) {
  const badge = roleBadge(role);
  return (
    <span
      className={`inline-block rounded border px-1.5 py-0.5 text-xs font-medium whitespace-nowrap ${badge.className} ${className}`}
    >
      {badge.label}
    </span>
  );
}
