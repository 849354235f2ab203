/**
 * A story page's gate for one request (decision record 021): the reader's standing, the story's
 * access, the body they may be sent and the headers that keep a gated page where it belongs. A public
 * story costs nothing here (no query): anonymous readers, the great majority, pay nothing.
 */
import type { RequestContext } from "#app/context";
import type { ArticleAccess } from "#app/lib/enums";
import { fullGatedBody, splitAtCut, storyPreview } from "#app/lib/story-preview";
import {
  ACCESS_CLASS_HEADER,
  readerStanding,
  storyAccess,
  type AccessClass,
  type StoryAccess,
} from "./story-access.server";

export { ACCESS_CLASS_HEADER };

export interface StoryGate {
  gated: boolean;
  access: StoryAccess;
  accessClass: AccessClass | "staff";
  /** The body this reader may be sent: whole, whole with the gated part marked, or the preview. */
  body: string;
  /** Headers for the page: none for a public story. */
  headers: Record<string, string>;
}

const PUBLIC: StoryAccess = { full: true, offer: null, personal: false, meterLeft: 0 };

/** A body without the editor's cut marker (a public story may keep one from when it was gated). */
const withoutCut = (body: string) => (body.includes("data-preview-cut") ? splitAtCut(body).before : body);

export async function storyGate(
  context: RequestContext,
  settings: { meterPaidStories: number; timezone: string },
  story: { id: string; access: ArticleAccess; content: string },
): Promise<StoryGate> {
  if (story.access === "public")
    return {
      gated: false,
      access: PUBLIC,
      accessClass: "anonymous",
      body: withoutCut(story.content),
      headers: {},
    };
  const [member, user] = await Promise.all([context.currentMember(), context.currentUser()]);
  const staff = Boolean(user && user.status === "active" && user.role);
  const at = { now: context.services.clock.now(), settings };
  const standing = await readerStanding(context.db, member, at);
  const access = await storyAccess(context.db, { standing, staff }, story, at);
  const accessClass = staff ? "staff" : standing.accessClass;
  return {
    gated: true,
    access,
    accessClass,
    body: access.full ? fullGatedBody(story.content) : storyPreview(story.content),
    headers: { [ACCESS_CLASS_HEADER]: accessClass, ...gatedCacheControl(access) },
  };
}

/**
 * A full gated page is for its access class only: `private` keeps it out of shared caches and the
 * service worker's offline copies (it keeps no private page, decision record 019), while the page
 * cache keeps it under the class's key. A page of this reader's own (a meter read, a story read this
 * month) is `no-store`: other readers of the class must not get it. A preview for anyone is public.
 */
function gatedCacheControl(access: StoryAccess): Record<string, string> {
  if (access.personal) return { "Cache-Control": "private, no-store" };
  if (access.full) return { "Cache-Control": "private, no-cache" };
  return {};
}
