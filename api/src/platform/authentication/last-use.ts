import { API_TOKEN_LAST_USED_PRECISION_SECONDS } from '@casebridge/contracts';
import type { EntityManager } from '@mikro-orm/postgresql';

type Touchable = abstract new (...args: never[]) => { id: number; lastUsedAt: Date | null };

/**
 * Records a credential's use (an API token, an OAuth client) at most once a minute: a native update with the same
 * condition, so parallel requests write once and the request's unit of work (which may flush a case change later)
 * never carries the credential.
 */
export async function touchLastUse(
  em: EntityManager,
  entity: Touchable,
  row: { id: number; lastUsedAt: Date | null },
): Promise<void> {
  const now = new Date();
  const staleBefore = new Date(now.getTime() - API_TOKEN_LAST_USED_PRECISION_SECONDS * 1000);
  if (row.lastUsedAt && row.lastUsedAt >= staleBefore) return;
  await em.nativeUpdate(
    entity as never,
    { id: row.id, $or: [{ lastUsedAt: null }, { lastUsedAt: { $lt: staleBefore } }] } as never,
    { lastUsedAt: now } as never,
  );
}
