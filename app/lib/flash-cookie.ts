/**
 * The name of the cookie that carries a toast across a redirect (`app/lib/flash.server.ts`). On its own
 * so the domain can name it without loading the HTTP side: the page cache treats a request carrying it
 * as personal (`app/domain/settings/public-delivery.server.ts`), and the domain never imports
 * `flash.server` (docs/architecture.md, "What may import what").
 */
export const FLASH_COOKIE_NAME = "nd_flash";
