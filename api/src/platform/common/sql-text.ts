/**
 * A timestamptz as ISO-8601 UTC text with milliseconds, as `Date.toISOString()` writes it: the ORM's driver hands
 * timestamps over as PostgreSQL text and truncates to milliseconds, and `to_char`'s MS truncates the same way.
 */
export function isoUtc(expression: string): string {
  return `to_char(${expression} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** LIKE wildcards and the escape character itself are matched literally. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
