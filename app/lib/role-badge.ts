/**
 * How a role is shown wherever it appears (user list, user menu, profile): the spec's label and badge
 * colour, admin (Administrator) red, editor blue, writer green, any other role grey. No role stored
 * means writer, as everywhere else.
 */
import { normalizeRole, ROLE_LABELS } from "#app/auth/permissions";
import type { UserRole } from "#app/lib/enums";

/** Colours chosen for 4.5:1 text contrast on their own background (axe's colour-contrast rule). */
export const ROLE_BADGE_STYLE: Record<UserRole | "other", string> = {
  admin: "bg-red-100 text-red-800 border-red-200",
  editor: "bg-blue-100 text-blue-800 border-blue-200",
  writer: "bg-green-100 text-green-800 border-green-200",
  other: "bg-gray-100 text-gray-700 border-gray-200",
};

export function roleBadge(role: string | null | undefined): { label: string; className: string } {
  const known = normalizeRole(role);
  return known
    ? { label: ROLE_LABELS[known], className: ROLE_BADGE_STYLE[known] }
    : { label: String(role), className: ROLE_BADGE_STYLE.other };
}
