import { isReservedSlug } from '@casebridge/contracts';
import { Company } from '@casebridge/db';
import type { EntityManager } from '@mikro-orm/postgresql';

/** 'Hooli Networks, Inc.' → 'hooli-networks-inc' (lower-case letters, digits and single dashes). */
export function slugOf(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 90)
    .replace(/-+$/g, '');
  return slug || 'member';
}

/** The name's slug, or with -2, -3... when a company (or a page of the portal) already has it. */
export async function uniqueSlug(em: EntityManager, name: string): Promise<string> {
  const base = slugOf(name);
  const taken = new Set(
    (await em.find(Company, { slug: { $like: `${base}%` } }, { fields: ['slug'] })).map((company) => company.slug),
  );
  let candidate = base;
  for (let n = 2; taken.has(candidate) || isReservedSlug(candidate); n += 1) candidate = `${base}-${n}`;
  return candidate;
}
