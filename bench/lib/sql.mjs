// SQL helpers the benches share.

/**
 * `?` placeholders (knex's, as MikroORM and libs/db write statements) as pg's $1, $2... The statements hold no
 * literal question marks.
 */
export function numbered(sql) {
  let index = 0;
  return sql.replace(/\?/g, () => `$${++index}`);
}
