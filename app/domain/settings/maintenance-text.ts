/** What readers and staff are told while the site is in maintenance (shown by the page, so not server-only). */
export const MAINTENANCE_TITLE = "Under Maintenance";
export const MAINTENANCE_BANNER =
  "Maintenance mode is on: readers see the maintenance page, staff see the site.";
