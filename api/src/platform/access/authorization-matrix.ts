import type { MatrixRow } from './matrix/matrix-types';
import { adminRows } from './matrix/rows-admin';
import { connectRows } from './matrix/rows-connect';
import { memberRows } from './matrix/rows-member';
import { publicRows } from './matrix/rows-public';
import { superAdminRows } from './matrix/rows-super-admin';
import { signedIn } from './matrix/matrix-types';

/**
 * The authorization matrix: one row per api endpoint, keyed `METHOD path` exactly as in the contracts, giving
 * every actor's expected outcome (authorization-matrix.int-spec.ts runs it). A new endpoint fails that test until
 * it has a row here. How to add one: docs/decisions.md, "Authorization matrix".
 */
export const AUTHORIZATION_MATRIX: Record<string, MatrixRow> = {
  ...publicRows,
  ...memberRows,
  ...adminRows,
  ...superAdminRows,
  ...connectRows,
  // Deleting one's own account ends that actor: it runs after every other row.
  'POST users/delete': { expect: signedIn('ok', { superAdmin: 403 }), terminal: true },
};
