import { EntityManager } from '@mikro-orm/postgresql';
import type { Response } from 'supertest';
import { bearer, startApi, type ApiHarness } from '../../test/api-harness';

/**
 * Stored HTML: every rich-text field (the users of sanitizeRichText in api/src) is written with the same hostile
 * payload and read back through the api: no script, no on* attribute, no javascript: URL may come back, while the
 * harmless part of the text (a marker) is kept.
 */

const HOSTILE = '<img src=x onerror=alert(1)><script>alert(1)</script><a href="javascript:alert(1)">x</a>';
const payload = (marker: string) => `<p>${marker}</p>${HOSTILE}`;

/** Every string of an answer that holds the marker, wherever the field sits in the shape. */
function stringsWith(value: unknown, marker: string): string[] {
  if (typeof value === 'string') return value.includes(marker) ? [value] : [];
  if (typeof value !== 'object' || value === null) return [];
  return Object.values(value).flatMap((inner) => stringsWith(inner, marker));
}

function expectSafe(answer: unknown, marker: string): void {
  const found = stringsWith(answer, marker);
  expect(found.length).toBeGreaterThan(0);
  for (const html of found) {
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<[^>]*\son[a-z]+\s*=/i);
    expect(html).not.toMatch(/javascript:/i);
  }
}

describe('stored rich text is sanitized (real PostgreSQL and Redis)', () => {
  let api: ApiHarness;
  let superAdmin: string;
  let acmeAdmin: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    api = await startApi();
    superAdmin = await api.login('admin@casebridge.test');
    acmeAdmin = await api.login('bm@acme.test');
    const db = api.app.get(EntityManager).fork().getConnection();
    const first = async (sql: string) => String(Object.values((await db.execute<object[]>(sql))[0])[0]);
    ids.acceptedCase = await first(
      "select token from cases where submitter_company_id = 1 and status = 'accepted' order by id",
    );
    ids.acmeProcess = await first("select id from contact_documents where name = 'Acme Systems Collaboration'");
    ids.globexProcess = await first("select id from contact_documents where name = 'Globex Storage Collaboration'");
    ids.globexPolicy = await first("select id from contact_documents where name = 'Globex Support Policy'");
    ids.template = await first("select id from email_templates where slug = 'password-reset'");
  }, 60_000);
  afterAll(() => api.close());

  const post = (path: string, token: string) => api.http().post(`/api/${path}`).set(bearer(token));
  const get = async (path: string, token: string) =>
    (await api.http().get(`/api/${path}`).set(bearer(token)).expect(200)).body as unknown;
  const saved = (response: Response) => {
    expect([response.status, response.body]).toEqual([200, expect.anything()]);
    return response.body as unknown;
  };

  /** Field → write it with the payload carrying `marker`, then answer what the api reads back. */
  const fields: Record<string, (marker: string) => Promise<unknown>> = {
    'company note (caller/company_note)': async (marker) => {
      saved(await post('caller/company_note', acmeAdmin).send({ note: payload(marker) }));
      return get('caller/company_note', acmeAdmin);
    },
    'process note (caller/notes/store)': async (marker) =>
      saved(
        await post('caller/notes/store', acmeAdmin).send({
          location: 'contact_document',
          document_id: Number(ids.globexProcess),
          note: payload(marker),
        }),
      ),
    // The case page gets notes live and from the feed; the answer and the stored row are what it shows.
    'case note description (caller/case/:token/note)': async (marker) => {
      const answer = saved(
        await post(`caller/case/${ids.acceptedCase}/note`, acmeAdmin).send({
          summary: 'Stored HTML probe',
          description: payload(marker),
        }),
      );
      const rows = await api.app
        .get(EntityManager)
        .fork()
        .getConnection()
        .execute<{ description: string }[]>('select description from case_notes where description like ?', [
          `%${marker}%`,
        ]);
      return [answer, rows];
    },
    'escalation instructions (admin/company/documents/:id)': async (marker) => {
      saved(
        await post(`admin/company/documents/${ids.acmeProcess}`, acmeAdmin).send({
          title: 'Acme Storage Support',
          escalation_instructions: payload(marker),
        }),
      );
      return get(`admin/company/documents/${ids.acmeProcess}`, acmeAdmin);
    },
    'static document html (super_admin contact_documents)': async (marker) =>
      saved(
        await post(`super_admin/companies/2/contact_documents/${ids.globexPolicy}`, superAdmin).send({
          document_type: 'default',
          title: 'Globex Support Policy',
          document_html: payload(marker),
        }),
      ),
    'admin note and escalation instructions (super_admin contact_documents)': async (marker) =>
      saved(
        await post(`super_admin/companies/2/contact_documents/${ids.globexProcess}`, superAdmin).send({
          document_type: 'ticket',
          title: 'Globex Storage Collaboration',
          admin_note: payload(marker),
          escalation_instructions: payload(marker),
        }),
      ),
    'e-mail template body (super_admin/email_templates/:id)': async (marker) => {
      saved(
        await post(`super_admin/email_templates/${ids.template}`, superAdmin).send({
          subject: 'Reset your password',
          body: `${payload(marker)}<p>{{link}}</p>`,
        }),
      );
      return get(`super_admin/email_templates/${ids.template}`, superAdmin);
    },
    'group instructions (super_admin/groups/:id)': async (marker) => {
      const answer = saved(
        await post('super_admin/groups/0', superAdmin)
          .field('name', 'Stored HTML Group')
          .field('type', 'open_group')
          .field('status', 'active')
          .field('instructions', payload(marker)),
      ) as { id: number };
      return get(`super_admin/groups/${answer.id}`, superAdmin);
    },
  };

  // The company form holds five rich-text fields; each is probed on its own marker. The SSO sections are the same
  // columns the company admin's SSO page (admin/company/sso) writes through the same sanitizer.
  for (const name of [
    'login_page_text',
    'region_text',
    'public_web_text',
    'sso_login_section',
    'sso_registration_section',
  ]) {
    fields[`company ${name} (super_admin/companies/:id)`] = async (marker) => {
      saved(
        await post('super_admin/companies/3', superAdmin)
          .field('name', 'Initech Networks')
          .field('slug', 'initech')
          .field(name, payload(marker)),
      );
      return get('super_admin/companies/3', superAdmin);
    };
  }

  it.each(Object.keys(fields))('%s: no script, no on* attribute, no javascript: URL', async (name) => {
    const marker = `Marker-${name.replace(/\W+/g, '-')}`;
    expectSafe(await fields[name](marker), marker);
  });
});
