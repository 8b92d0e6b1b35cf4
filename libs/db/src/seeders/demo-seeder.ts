import type { EntityManager } from '@mikro-orm/postgresql';
import { Company } from '../entities/accounts/company.entity';
import { seedAccounts, seedCountries } from './demo/accounts';
import { seedCases } from './demo/cases';
import { seedDocuments } from './demo/documents';
import { seedGroups } from './demo/groups';
import { seedEmailTemplates, seedMemberContent } from './demo/member-content';
import { seedRequirements } from './demo/requirements';
import { createSandboxPartner } from './sandbox-partner';

export { DEMO_IDENTITIES, DEMO_PASSWORD } from './demo/accounts';

export interface DemoSeedSummary {
  countries: number;
  companies: number;
  users: number;
  documents: number;
  groups: number;
  cases: number;
  emailTemplates: number;
}

/**
 * Builds the demo network (the demo identities, every status and type) in an empty, migrated
 * database. It is not incremental: run it after a reset (db:reset), never on a database with data.
 */
export async function seedDemo(em: EntityManager): Promise<DemoSeedSummary> {
  if ((await em.count(Company, {})) > 0) {
    throw new Error(
      'The database already holds companies; the demo seed runs only on an empty database (use db:reset).',
    );
  }
  return em.transactional(async (tx) => {
    const countries = await seedCountries(tx);
    const accounts = await seedAccounts(tx, countries);
    const templates = await seedEmailTemplates(tx);
    const requirements = await seedRequirements(tx);
    const documents = await seedDocuments(tx, accounts, requirements, templates);
    const groups = await seedGroups(tx, accounts, documents);
    const cases = await seedCases(tx, accounts, documents, requirements);
    await seedMemberContent(tx, accounts, documents, groups);
    // The sandbox partner integrators try their flows on; it answers by itself (the worker).
    await createSandboxPartner(tx);
    return {
      countries: countries.size,
      companies: Object.keys(accounts.companies).length + 1,
      users: accounts.users.size + 1,
      documents: Object.keys(documents).length + 1,
      groups: Object.keys(groups).length,
      cases: cases.length,
      emailTemplates: templates.size,
    };
  });
}

export function describeSeedSummary(summary: DemoSeedSummary): string {
  return Object.entries(summary)
    .map(([what, count]) => `${count} ${what}`)
    .join(', ');
}
