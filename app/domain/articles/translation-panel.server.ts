/**
 * What the editor's Translations panel shows a given user (decision record 022, point 3): for each of the
 * site's editions, the story's version there (a link only when this user may open it, as
 * `getArticleForEdit` would let them) or whether they may start one (`startTranslation`'s own rule), and,
 * on a translation, the original's title and body to work from when they may read it.
 */
import { eq } from "drizzle-orm";
import type { CurrentUser } from "#app/auth/guard.server";
import type { DbOrTx } from "#app/db/client.server";
import { articles, type Article } from "#app/db/schema";
import { allEditions } from "#app/domain/editions/editions.server";
import { familyKeyOf, inFamily } from "./families.server";
import { canEditAllArticles } from "./save-rules";
import { mayTranslate, storyVersions, type StoryVersion } from "./translations.server";

export interface PanelVersion extends StoryVersion {
  /** This user may open it in the editor (their own, or they edit every story). */
  canOpen: boolean;
  /** The story being edited. */
  isCurrent: boolean;
}

export interface PanelEdition {
  tag: string;
  name: string;
  enabled: boolean;
  /** The story's version in this edition, or null. */
  version: PanelVersion | null;
  /** No version yet, and this user may start one. */
  canStart: boolean;
}

export interface TranslationsPanel {
  editions: PanelEdition[];
  /** On a translation: the original, read-only, when this user may open it or readers may. */
  original: { title: string; content: string; language: string; editionName: string } | null;
}

/** Whether `actor` may open a story by `authorId` in the editor: `getArticleForEdit`'s rule. */
const mayOpen = (actor: CurrentUser, authorId: string | null) =>
  canEditAllArticles(actor) || authorId === actor.id;

/** The panel for `story`, which the caller has already let `actor` open (`getArticleForEdit`). */
export async function translationsPanel(
  db: DbOrTx,
  actor: CurrentUser,
  story: Article,
): Promise<TranslationsPanel> {
  const key = familyKeyOf(story);
  const versions = await storyVersions(db, story.id);
  const family = await db
    .select({ id: articles.id, authorId: articles.authorId, status: articles.status })
    .from(articles)
    .where(inFamily(key));
  const authorOf = new Map(family.map((row) => [row.id, row.authorId]));
  const originalRow = family.find((row) => row.id === key);
  const mayStart = !!originalRow && mayTranslate(actor, originalRow);
  const editions = (await allEditions(db)).map((edition): PanelEdition => {
    const found = versions.find((version) => version.language === edition.tag);
    const version = found
      ? {
          ...found,
          canOpen: mayOpen(actor, authorOf.get(found.id) ?? null),
          isCurrent: found.id === story.id,
        }
      : null;
    return { ...edition, version, canStart: !version && mayStart };
  });
  return { editions, original: await originalBeside(db, actor, story, versions) };
}

async function originalBeside(db: DbOrTx, actor: CurrentUser, story: Article, versions: StoryVersion[]) {
  if (!story.translationOf) return null;
  const [original] = await db
    .select({
      title: articles.title,
      content: articles.content,
      language: articles.language,
      authorId: articles.authorId,
    })
    .from(articles)
    .where(eq(articles.id, story.translationOf))
    .limit(1);
  const listed = versions.find((version) => version.id === story.translationOf);
  if (!original || !listed) return null;
  if (!mayOpen(actor, original.authorId) && !listed.isPublished) return null;
  return {
    title: original.title,
    content: original.content,
    language: original.language,
    editionName: listed.editionName,
  };
}
