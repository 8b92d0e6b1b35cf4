import { RequestContext } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';

/** Runs socket and background work in its own ORM context: the global EntityManager is never used. */
export function withOrmContext<T>(em: EntityManager, work: () => Promise<T>): Promise<T> {
  return RequestContext.create(em, work);
}
