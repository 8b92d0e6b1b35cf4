import { EntityManager } from '@mikro-orm/postgresql';
import type { Response } from 'supertest';
import type { Company } from '@casebridge/db';
import { bearer, startApi, type ApiHarness } from '../../../../test/kit/api-harness';
import { aCase, aCompany, aProcess, aSuperAdmin, aUser, signedIn } from '../../../../test/kit/factories';

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
  let ourAdmin: string;
  // Ours (the company admin's), a partner we send cases to, and a third company the back office edits.
  let partner: Company;
  let edited: Company;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    api = await startApi();
    const ours = await aCompany(api);
    partner = await aCompany(api);
    edited = await aCompany(api);
    superAdmin = await signedIn(api, await aSuperAdmin(api));
    ourAdmin = await signedIn(api, await aUser(api, { company: ours, role: 'business_manager' }));
    const partnerProcess = await aProcess(api, { company: partner });
    const caller = await aUser(api, { company: ours, role: 'caller' });
    ids.acceptedCase = (await aCase(api, { from: caller, to: partnerProcess, status: 'accepted' })).token;
    ids.ourProcess = String((await aProcess(api, { company: ours })).id);
    ids.partnerProcess = String(partnerProcess.id);
    ids.partnerPolicy = String((await aProcess(api, { company: partner, type: 'default' })).id);
    // The e-mail templates are the product's catalogue, not demo rows.
    const db = api.app.get(EntityManager).fork().getConnection();
    const first = async (sql: string) => String(Object.values((await db.execute<object[]>(sql))[0])[0]);
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
      saved(await post('caller/company_note', ourAdmin).send({ note: payload(marker) }));
      return get('caller/company_note', ourAdmin);
    },
    'process note (caller/notes/store)': async (marker) =>
      saved(
        await post('caller/notes/store', ourAdmin).send({
          location: 'contact_document',
          document_id: Number(ids.partnerProcess),
          note: payload(marker),
        }),
      ),
    // The case page gets notes live and from the feed; the answer and the stored row are what it shows.
    'case note description (caller/case/:token/note)': async (marker) => {
      const answer = saved(
        await post(`caller/case/${ids.acceptedCase}/note`, ourAdmin).send({
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
        await post(`admin/company/documents/${ids.ourProcess}`, ourAdmin).send({
          title: 'Our Storage Support',
          escalation_instructions: payload(marker),
        }),
      );
      return get(`admin/company/documents/${ids.ourProcess}`, ourAdmin);
    },
    'static document html (super_admin contact_documents)': async (marker) =>
      saved(
        await post(`super_admin/companies/${partner.id}/contact_documents/${ids.partnerPolicy}`, superAdmin).send({
          document_type: 'default',
          title: 'Partner Support Policy',
          document_html: payload(marker),
        }),
      ),
    'admin note and escalation instructions (super_admin contact_documents)': async (marker) =>
      saved(
        await post(`super_admin/companies/${partner.id}/contact_documents/${ids.partnerProcess}`, superAdmin).send({
          document_type: 'ticket',
          title: 'Partner Storage Collaboration',
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
        await post(`super_admin/companies/${edited.id}`, superAdmin)
          .field('name', edited.name)
          .field('slug', edited.slug)
          .field(name, payload(marker)),
      );
      return get(`super_admin/companies/${edited.id}`, superAdmin);
    };
  }

  it.each(Object.keys(fields))('%s: no script, no on* attribute, no javascript: URL', async (name) => {
    const marker = `Marker-${name.replace(/\W+/g, '-')}`;
    expectSafe(await fields[name](marker), marker);
  });
});
