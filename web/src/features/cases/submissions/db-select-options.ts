import { useQuery } from '@tanstack/react-query';
import { type ResponseOf } from '@casebridge/contracts';
import { API } from '../../../lib/api-routes';
import { apiBodyQuery, queryClient } from '../../../lib/queries';
import type { DbSelectModel } from './requirements';

export interface DbOption {
  value: string;
  label: string;
}

/** The read of one model's options (for a foreign key); asked once per session, the cache clears on sign-out. */
function dbOptionsQuery(model: DbSelectModel, foreignKey: number | null) {
  return { ...apiBodyQuery(API.documents.dbSelectOptions, { model, foreign_key: foreignKey }), staleTime: Infinity };
}

/** The server's id → label map as select options, by label. */
function toOptions(map: ResponseOf<typeof API.documents.dbSelectOptions>): DbOption[] {
  return Object.entries(map)
    .map(([value, label]) => ({ value, label }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

/** Options of a database-backed select, from the cache when this model and key were asked before. */
export async function loadDbOptions(model: DbSelectModel, foreignKey: number | null): Promise<DbOption[]> {
  return toOptions(await queryClient.fetchQuery(dbOptionsQuery(model, foreignKey)));
}

export function useDbOptions(source: { model: DbSelectModel; foreign_key: number | null } | null) {
  const model = source?.model;
  const foreignKey = source?.foreign_key ?? null;
  const read = useQuery({
    // Without a model there is nothing to ask (the key is never fetched).
    ...dbOptionsQuery(model ?? ('' as DbSelectModel), foreignKey),
    enabled: Boolean(model),
    select: toOptions,
  });
  return { options: read.data ?? null, failed: read.isError || !model };
}
