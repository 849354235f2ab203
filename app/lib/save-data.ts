/**
 * The reader's data-saver switch: browsers send `Save-Data: on` when their user asked to save data
 * (Chrome's Lite mode, Opera Mini, Samsung Internet, many Android data savers). Pages then ask for the
 * smallest stored copy of every image, the top story's too. The page cache keeps the two versions
 * apart by this answer.
 */

/** Whether a request asks for the smallest images: a `Save-Data` header whose value is the token `on`. */
export function wantsSmallImages(headers: Headers): boolean {
  return saveDataIsOn(headers.get("Save-Data"));
}

/** The same answer from the header's raw value (the page cache reads Node's request, not a Headers). */
export function saveDataIsOn(value: string | null | undefined): boolean {
  if (!value) return false;
  // The header is a list of tokens (on, or a future extension); "on" is the only one defined.
  return value.split(/[;,]/).some((token) => token.trim().toLowerCase() === "on");
}
