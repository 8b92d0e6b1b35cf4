import { useEffect, useState } from 'react';
import { documentsApi } from '@casebridge/contracts';
import { call } from '../../lib/api';
import type { DbSelectModel } from './requirements';

export interface DbOption {
  value: string;
  label: string;
}

const cache = new Map<string, Promise<DbOption[]>>();

/** Options of a database-backed select, fetched once per model and key for the page's lifetime. */
export function loadDbOptions(model: DbSelectModel, foreignKey: number | null): Promise<DbOption[]> {
  const key = `${model}:${foreignKey ?? ''}`;
  let entry = cache.get(key);
  if (!entry) {
    entry = call(documentsApi.dbSelectOptions, { body: { model, foreign_key: foreignKey } }).then(
      (map) =>
        Object.entries(map)
          .map(([value, label]) => ({ value, label }))
          .sort((a, b) => a.label.localeCompare(b.label)),
      (error: unknown) => {
        cache.delete(key);
        throw error;
      },
    );
    cache.set(key, entry);
  }
  return entry;
}

export function useDbOptions(source: { model: DbSelectModel; foreign_key: number | null } | null) {
  const [options, setOptions] = useState<DbOption[] | null>(null);
  const [failed, setFailed] = useState(false);
  const model = source?.model;
  const foreignKey = source?.foreign_key ?? null;
  useEffect(() => {
    if (!model) return;
    let alive = true;
    loadDbOptions(model, foreignKey).then(
      (list) => alive && setOptions(list),
      () => alive && setFailed(true),
    );
    return () => {
      alive = false;
    };
  }, [model, foreignKey]);
  return { options, failed: failed || !model };
}
