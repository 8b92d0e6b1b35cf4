import type { PropertyOptions } from '@mikro-orm/core';

/**
 * Column presets shared by the entities. Each call returns a fresh object because MikroORM
 * writes the resolved metadata into the options object it is given.
 * The ReflectMetadataProvider cannot see through `T | null` unions, so every property states its type.
 */

/** Timestamps are stored as timestamptz, in UTC. */
export function timestampColumn(extra: PropertyOptions<object> = {}): PropertyOptions<object> {
  return { type: 'datetime', columnType: 'timestamptz', ...extra };
}

/** createdAt set once on insert. */
export function createdAtColumn(): PropertyOptions<object> {
  return timestampColumn({ onCreate: () => new Date(), defaultRaw: 'current_timestamp' });
}

/** updatedAt refreshed on every flush that changes the row. */
export function updatedAtColumn(): PropertyOptions<object> {
  return timestampColumn({ onCreate: () => new Date(), onUpdate: () => new Date(), defaultRaw: 'current_timestamp' });
}
