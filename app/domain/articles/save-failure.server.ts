/**
 * 'Creation Failed' bodies, chosen by the database's error code (SQLSTATE,
 * app/db/errors.ts), never by its wording: no privilege on the table, out of resources (a full disk,
 * out of memory), or over one of the database's limits (a row too large); anything else is general.
 * Here rather than beside ARTICLE_TEXT: recognising a database failure is the server's business, and
 * the routes reach the database layer only through the domain.
 */
import { SQLSTATE, sqlStateOf } from "#app/db/errors";
import { ARTICLE_TEXT } from "#app/lib/article-form/article-text";

export function creationFailureMessage(error: unknown): string {
  const sqlState = sqlStateOf(error);
  if (sqlState === SQLSTATE.insufficientPrivilege) return ARTICLE_TEXT.creationPermission;
  if (sqlState?.startsWith(SQLSTATE.insufficientResourcesClass)) return ARTICLE_TEXT.creationQuota;
  if (sqlState?.startsWith(SQLSTATE.programLimitExceededClass)) return ARTICLE_TEXT.creationTooLarge;
  return ARTICLE_TEXT.creationFailed;
}
