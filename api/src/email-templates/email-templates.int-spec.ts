import {
  EMAIL_TEMPLATE_NOT_FOUND,
  EMAIL_TEMPLATE_SAVED,
  type EmailTemplateDetail,
  type EmailTemplateRow,
} from '@casebridge/contracts';
import { DEFAULT_EMAIL_TEMPLATES, EmailTemplate } from '@casebridge/db';
import { findFreePort, MailCatcher } from '../../../test/kit/mail-catcher';
import { startWorker, type RunningWorker } from '../../../test/kit/worker-app';
import { bearer, startApi, type ApiHarness } from '../../../test/kit/api-harness';
import { aCompany, aSignedInUser, aSuperAdmin, aUser, signedIn } from '../../../test/kit/factories';
import { orm } from '../../../test/kit/member-fixtures';

describe('super admin e-mail templates: list, edit, preview, and the next mail uses the edit', () => {
  let api: ApiHarness;
  let catcher: MailCatcher;
  let worker: RunningWorker;
  let admin: string;

  const get = (path: string, token = admin) => api.http().get(`/api/${path}`).set(bearer(token));
  const post = (path: string, body: object, token = admin) =>
    api.http().post(`/api/${path}`).set(bearer(token)).send(body);
  const templateId = async (slug: string) => (await orm(api).findOneOrFail(EmailTemplate, { slug })).id;

  beforeAll(async () => {
    api = await startApi();
    // The real worker on the same database and queues, delivering to a local SMTP catcher.
    catcher = await new MailCatcher(await findFreePort()).start();
    worker = await startWorker(catcher.smtpUrl);
    admin = await signedIn(api, await aSuperAdmin(api));
  });

  afterAll(async () => {
    await worker?.close();
    await catcher?.stop();
    await api?.close();
  });

  it('lists every template the product sends, by name', async () => {
    const { templates } = (await get('super_admin/email_templates').expect(200)).body as {
      templates: EmailTemplateRow[];
    };
    expect(templates.map((row) => row.slug).sort()).toEqual(
      expect.arrayContaining(DEFAULT_EMAIL_TEMPLATES.map((template) => template.slug)),
    );
    const names = templates.map((row) => row.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'variant' })));
    expect(templates.find((row) => row.slug === 'password-reset')).toMatchObject({
      subject: 'Reset your {{product}} password',
      type: 'system',
    });
  });

  it('shows one template with its body and the placeholders it may use; 404 for an unknown one', async () => {
    const id = await templateId('new_receiving_member');
    const { template } = (await get(`super_admin/email_templates/${id}`).expect(200)).body as {
      template: EmailTemplateDetail;
    };
    expect(template.body).toContain('{{case_number}}');
    expect(template.variables.map((variable) => variable.name)).toEqual(
      expect.arrayContaining(['product', 'public_url', 'company', 'case_number', 'process', 'summary', 'link']),
    );
    expect(template.variables.find((variable) => variable.name === 'link')?.description).toMatch(/link/);

    const missing = await get('super_admin/email_templates/999999').expect(404);
    expect(missing.body).toEqual({ error: EMAIL_TEMPLATE_NOT_FOUND });
    await post('super_admin/email_templates/999999', { subject: 'x', body: '<p>x</p>' }).expect(404);
    await post('super_admin/email_templates/999999/preview', { subject: 'x', body: '<p>x</p>' }).expect(404);
  });

  it('previews with sample values (escaped) without saving', async () => {
    const id = await templateId('new_receiving_member');
    const before = await orm(api).findOneOrFail(EmailTemplate, id);
    const answer = await post(`super_admin/email_templates/${id}/preview`, {
      subject: 'New case {{case_number}} from {{company}}',
      body:
        '<p>Case {{case_number}} for {{process}}</p><p><a href="{{link}}" class="button">Respond</a></p>' +
        '<img src="x" onerror="alert(1)"><script>alert(2)</script>',
    }).expect(200);
    expect(answer.body.preview.subject).toBe('New case ACME-10431 from Acme Systems');
    expect(answer.body.preview.body).toContain('<p>Case ACME-10431 for Storage Escalations</p>');
    expect(answer.body.preview.body).toContain('href="https://portal.example.test/link/sample-token"');
    expect(answer.body.preview.body).not.toMatch(/script|onerror/);
    const after = await orm(api).findOneOrFail(EmailTemplate, id);
    expect(after.subject).toBe(before.subject);
  });

  it('refuses an empty body, a two-line subject and placeholders the mail does not get (422)', async () => {
    const id = await templateId('password-reset');
    const empty = await post(`super_admin/email_templates/${id}`, { subject: 'Hi', body: '<p><br></p>' }).expect(422);
    expect(empty.body.errors.body).toEqual(['The body field is required.']);
    const scriptOnly = await post(`super_admin/email_templates/${id}`, {
      subject: 'Hi',
      body: '<script>alert(1)</script>',
    }).expect(422);
    expect(scriptOnly.body.errors.body).toEqual(['The body field is required.']);
    const lines = await post(`super_admin/email_templates/${id}`, { subject: 'a\nb', body: '<p>x</p>' }).expect(422);
    expect(lines.body.errors.subject).toEqual(['The subject must be one line.']);
    const unknown = await post(`super_admin/email_templates/${id}`, {
      subject: 'Reset {{case_number}}',
      body: '<p>{{link}}</p>',
    }).expect(422);
    expect(unknown.body.errors.subject[0]).toMatch(/^Unknown placeholder \{\{case_number\}\}\./);
    expect((await orm(api).findOneOrFail(EmailTemplate, id)).subject).toBe('Reset your {{product}} password');
  });

  it('saves a sanitized body, and the next password-reset mail the worker sends uses the edited subject', async () => {
    const id = await templateId('password-reset');
    const saved = await post(`super_admin/email_templates/${id}`, {
      subject: 'Action needed: new {{product}} password for {{first_name}}',
      body:
        '<p onclick="steal()">Hello {{first_name}},</p><script>alert(1)</script>' +
        '<p><a href="javascript:alert(1)">bad</a> <a href="{{link}}" class="button">Choose a new password</a></p>',
    }).expect(200);
    expect(saved.body).toMatchObject({ success: true, message: EMAIL_TEMPLATE_SAVED });
    const stored = await orm(api).findOneOrFail(EmailTemplate, id);
    expect(stored.body).not.toMatch(/script|onclick|javascript:/);
    expect(stored.body).toContain('<a href="{{link}}" class="button">Choose a new password</a>');
    expect((saved.body as { template: EmailTemplateDetail }).template.body).toBe(stored.body);

    const caller = await aUser(api, { company: await aCompany(api), role: 'caller' });
    await api.http().post('/api/auth/forgot_password').send({ email: caller.email }).expect(200);
    const mail = await catcher.waitForMailTo(caller.email);
    expect(mail.subject).toBe(`Action needed: new Casebridge password for ${caller.firstName}`);
    expect(mail.html).toContain('Choose a new password');
    expect(mail.html).not.toMatch(/<script|onclick|javascript:/);
    expect(mail.links.some((link) => link.includes('/reset_password/'))).toBe(true);
  });

  it.each(['business_manager', 'caller'] as const)('refuses every call to a %s (403)', async (role) => {
    const { token } = await aSignedInUser(api, { company: await aCompany(api), role });
    const id = await templateId('password-reset');
    await get('super_admin/email_templates', token).expect(403);
    await get(`super_admin/email_templates/${id}`, token).expect(403);
    await post(`super_admin/email_templates/${id}`, { subject: 'x', body: '<p>x</p>' }, token).expect(403);
    await post(`super_admin/email_templates/${id}/preview`, { subject: 'x', body: '<p>x</p>' }, token).expect(403);
  });
});
