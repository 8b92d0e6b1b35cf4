import { DB_SELECT_MODELS } from '@casebridge/contracts';
import { Company, Country, Department } from '@casebridge/db';
import type { EntityManager } from '@mikro-orm/postgresql';

export type DbSelectModel = (typeof DB_SELECT_MODELS)[number];

const ALIASES: Record<string, DbSelectModel> = {
  countries: 'country',
  departments: 'department',
  companies: 'company',
};

/** The model a db_select field names (singular or plural), or null when it names none we serve. */
export function dbSelectModel(name: unknown): DbSelectModel | null {
  if (typeof name !== 'string') return null;
  const model = ALIASES[name] ?? name;
  return (DB_SELECT_MODELS as readonly string[]).includes(model) ? (model as DbSelectModel) : null;
}

/**
 * Options of a database-backed select, id → label: every country; the active departments of a company
 * (foreignKey, none without it); the active companies.
 */
export async function loadDbSelectOptions(
  em: EntityManager,
  model: DbSelectModel,
  foreignKey: number | null | undefined,
): Promise<Record<string, string>> {
  const rows: { id: number; name: string }[] =
    model === 'country'
      ? await em.find(Country, {}, { orderBy: { name: 'asc' }, fields: ['id', 'name'] })
      : model === 'department'
        ? foreignKey
          ? await em.find(
              Department,
              { company: { id: foreignKey, status: 'active' }, status: 'active' },
              { orderBy: { name: 'asc' }, fields: ['id', 'name'] },
            )
          : []
        : await em.find(Company, { status: 'active' }, { orderBy: { name: 'asc' }, fields: ['id', 'name'] });
  return Object.fromEntries(rows.map((row) => [String(row.id), row.name]));
}
