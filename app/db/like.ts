/**
 * LIKE and ILIKE read `%`, `_` and `\` as wildcards and escape: a search for "50%" or "snake_case" must
 * match those characters, not everything. PostgreSQL's default escape character is the backslash.
 */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
