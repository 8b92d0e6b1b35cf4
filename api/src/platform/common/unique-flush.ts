import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ValidationException } from './errors';

/**
 * Flushes; a unique value taken between the form's check and the insert is still the field's 422, not a 500.
 * A failed create leaves a half-made entity in the unit of work, so `clearOnConflict` drops it.
 */
export async function flushUnique(
  em: EntityManager,
  conflict: { field: string; message: string; clearOnConflict: boolean },
): Promise<void> {
  try {
    await em.flush();
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) {
      if (conflict.clearOnConflict) em.clear();
      throw ValidationException.forField(conflict.field, conflict.message);
    }
    throw error;
  }
}
