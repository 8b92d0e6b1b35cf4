import { Migration20261124194000 } from '../migrations/Migration20261124194000';
import { Migration20261128143500 } from '../migrations/Migration20261128143500';
import { Migration20261128173000 } from '../migrations/Migration20261128173000';
import { Migration20261128181000, PREVIOUS_NEW_CASE } from '../migrations/Migration20261128181000';
import { DEFAULT_EMAIL_TEMPLATES } from './email-templates';

/** The hand-written migration must bring a database seeded earlier to what the seed writes today. */
describe('Migration20261124194000 (change-request mail, new-case mail without Reject)', () => {
  const sql = (direction: 'up' | 'down') => {
    const migration = new Migration20261124194000({} as never, {} as never);
    void migration[direction]();
    return migration.getQueries().map(String);
  };
  const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;
  const seeded = (slug: string) => DEFAULT_EMAIL_TEMPLATES.find((template) => template.slug === slug)!;

  it('inserts the seed’s change-request template where templates are stored, never over one', () => {
    const [insert] = sql('up');
    const template = seeded('change-request');
    for (const value of [template.slug, template.name, template.subject, template.body]) {
      expect(insert).toContain(literal(value));
    }
    expect(insert).toContain('where exists (select 1 from "email_templates") on conflict ("slug") do nothing');
  });

  it('gives an unedited new-case mail the body without Reject (which the receipt migration takes on to today’s)', () => {
    const [, update] = sql('up');
    const body = PREVIOUS_NEW_CASE.body;
    expect(body).not.toMatch(/reject/i);
    expect(update).toContain(`set "body" = ${literal(body)} where "slug" = 'new_receiving_member' and "body" = `);
    expect(update).toContain('accept, reject or ask for more information');
  });

  it('goes back down', () => {
    expect(sql('down')[0]).toBe(`delete from "email_templates" where "slug" = 'change-request';`);
  });
});

/** The webhook migration brings the `webhook-disabled` mail to databases seeded before it, in the seed's words. */
describe('Migration20261128143500 (webhook order and disabling, the webhook-disabled mail)', () => {
  const sql = (direction: 'up' | 'down') => {
    const migration = new Migration20261128143500({} as never, {} as never);
    void migration[direction]();
    return migration.getQueries().map(String);
  };
  const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;

  it('inserts the seed’s webhook-disabled template where templates are stored, never over one', () => {
    const insert = sql('up').find((query) => query.startsWith('insert into "email_templates"'))!;
    const template = DEFAULT_EMAIL_TEMPLATES.find((candidate) => candidate.slug === 'webhook-disabled')!;
    for (const value of [template.slug, template.name, template.subject, template.body]) {
      expect(insert).toContain(literal(value));
    }
    expect(insert).toContain('where exists (select 1 from "email_templates") on conflict ("slug") do nothing');
  });

  it('goes back down, template first', () => {
    expect(sql('down')[0]).toBe(`delete from "email_templates" where "slug" = 'webhook-disabled';`);
  });
});

/** The mail-preferences migration brings the `case-digest` mail to databases seeded before it, in the seed's words. */
describe('Migration20261128173000 (mail preferences, the daily digest mail)', () => {
  const sql = (direction: 'up' | 'down') => {
    const migration = new Migration20261128173000({} as never, {} as never);
    void migration[direction]();
    return migration.getQueries().map(String);
  };
  const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;

  it('inserts the seed’s case-digest template where templates are stored, never over one', () => {
    const insert = sql('up').find((query) => query.startsWith('insert into "email_templates"'))!;
    const template = DEFAULT_EMAIL_TEMPLATES.find((candidate) => candidate.slug === 'case-digest')!;
    for (const value of [template.slug, template.name, template.subject, template.body]) {
      expect(insert).toContain(literal(value));
    }
    expect(insert).toContain('where exists (select 1 from "email_templates") on conflict ("slug") do nothing');
  });

  it('goes back down, template first', () => {
    expect(sql('down')[0]).toBe(`delete from "email_templates" where "slug" = 'case-digest';`);
  });
});

/** The receipt migration: the seed's new-case mail (priority and key fields) where unedited, and the receipt. */
describe('Migration20261128181000 (new-case mail with priority, the case-receipt mail)', () => {
  const sql = (direction: 'up' | 'down') => {
    const migration = new Migration20261128181000({} as never, {} as never);
    void migration[direction]();
    return migration.getQueries().map(String);
  };
  const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;
  const seeded = (slug: string) => DEFAULT_EMAIL_TEMPLATES.find((template) => template.slug === slug)!;

  it('gives an unedited new-case mail the seed’s subject and body, and leaves an edited one', () => {
    const [update] = sql('up');
    const template = seeded('new_receiving_member');
    expect(template.subject).toContain('{{priority}}');
    expect(update).toContain(`set "subject" = ${literal(template.subject)}, "body" = ${literal(template.body)}`);
    expect(update).toContain(`and "subject" = '[{{product}}] New case {{case_number}} from {{company}}' and "body" = `);
  });

  it('inserts the seed’s case-receipt template where templates are stored, never over one', () => {
    const insert = sql('up')[1];
    const template = seeded('case-receipt');
    for (const value of [template.slug, template.name, template.subject, template.body]) {
      expect(insert).toContain(literal(value));
    }
    expect(insert).toContain('where exists (select 1 from "email_templates") on conflict ("slug") do nothing');
  });

  it('goes back down, the receipt first', () => {
    expect(sql('down')[0]).toBe(`delete from "email_templates" where "slug" = 'case-receipt';`);
  });
});
