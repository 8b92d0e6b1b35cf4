import assert from 'node:assert/strict';
import { QUEUE_DASHBOARD } from '@casebridge/contracts';
import { managerRequestBody } from './matrix-bodies';
import { MISSING_ID, superAdminOnly, type ActorName, type MatrixRow, type Params, type World } from './matrix-types';

/**
 * Back-office calls: only the super admin passes (everyone else 403, 401 without a session). Calls that would
 * destroy the shared fixture send the super admin to a missing id (404 still proves the role check passed).
 */
const missing = (params: Params) => (_world: unknown, actor: ActorName) => (actor === 'superAdmin' ? params : {});
const id = missing({ id: MISSING_ID });
const spare = (world: World) => ({ id: world.targets.spareAcmeUser });

/** The super admin's lists span every tenant: Acme and the unrelated company are both there. */
function seesEveryTenant(body: unknown) {
  const text = JSON.stringify(body);
  assert.ok(text.includes('Acme') && text.includes('Nimbus'), 'every tenant listed');
}

const ok = superAdminOnly('ok');
/**
 * Full edits of Acme's shared rows (company, group, process, department, template, onboarding): everyone but the
 * super admin is refused by role before the body is read, so the empty body's 422 only shows the super admin got
 * past that check; a valid edit would rewrite the fixture every other row reads.
 */
const invalid = superAdminOnly(422);
const notFound = superAdminOnly(404);

export const superAdminRows: Record<string, MatrixRow> = {
  'GET super_admin/companies': { expect: ok, check: seesEveryTenant },
  'GET super_admin/companies/export': { expect: ok },
  'GET super_admin/companies/list': { expect: ok, check: seesEveryTenant },
  'GET super_admin/companies/:id': { expect: ok },
  'POST super_admin/companies/:id': { expect: invalid },
  // Valid saves that leave Acme as it is: the super admin passes, everyone else is refused by role.
  'POST super_admin/companies/:id/status': { expect: ok, body: () => ({ status: 'active' }) },
  'GET super_admin/companies/:id/delete': { expect: notFound, params: id },
  'GET super_admin/companies/:id/delete_summary': { expect: ok },
  'GET super_admin/companies/:id/change_requests': { expect: ok },
  // Marking done changes a row for good: everyone is sent to a missing request (the super admin's 404).
  'POST super_admin/companies/:id/change_requests/:request_id/done': {
    expect: notFound,
    params: (world) => ({ id: world.companies.acme, request_id: MISSING_ID }),
  },
  'POST super_admin/companies/:id/registration': { expect: ok, body: (world) => world.targets.acmeRegistration },
  'GET super_admin/companies/:id/relations': { expect: ok },
  'GET super_admin/companies/:id/managers': { expect: ok },
  'GET super_admin/companies/:id/users': { expect: ok },
  'GET super_admin/companies/:id/users/export': { expect: ok },
  'GET super_admin/companies/:id/departments': { expect: ok },
  'GET super_admin/companies/:id/departments/all': { expect: ok },
  'GET super_admin/companies/:id/contact_documents': { expect: ok },
  'GET super_admin/companies/:id/contact_documents/all': { expect: ok },
  'GET super_admin/companies/:id/groups': { expect: ok },
  'GET super_admin/companies/:id/docs_and_depts': { expect: ok },
  'GET super_admin/users/form_data/:company_id': { expect: ok },
  'GET super_admin/users/list/:page': { expect: ok },
  'GET super_admin/users/export': { expect: ok },
  'GET super_admin/users/:id': { expect: ok },
  'POST super_admin/users/:user_id': {
    expect: ok,
    params: (world) => ({ user_id: world.targets.spareAcmeUser }),
    body: (world) => ({
      first_name: 'Spare',
      last_name: 'Caller',
      email: 'spare@acme.test',
      role: 'caller',
      type: 'basic',
      company_id: world.companies.acme,
    }),
  },
  'GET super_admin/users/:id/delete': { expect: notFound, params: id },
  'POST super_admin/users/:id/status': { expect: ok, params: spare, body: () => ({ status: 'active' }) },
  // The spare caller's password: no actor signs in with it, so no later row changes.
  'POST super_admin/users/:id/password': {
    expect: ok,
    params: spare,
    body: () => ({ password: 'Matrix-Passw0rd!9', password_confirmation: 'Matrix-Passw0rd!9' }),
  },
  'GET super_admin/registration/queue': { expect: ok },
  'GET super_admin/registration/:id/approve': { expect: notFound, params: id },
  'GET super_admin/registration/:id/reject': { expect: notFound, params: id },
  'GET super_admin/search/company': {
    expect: ok,
    query: () => ({ term: 'Nimbus' }),
    check: (body) => assert.ok(JSON.stringify(body).includes('Nimbus'), 'the unrelated company is found'),
  },
  'GET super_admin/search/user': { expect: ok, query: () => ({ term: 'nimbus' }) },
  'GET super_admin/groups': { expect: ok },
  'GET super_admin/groups/export': { expect: ok },
  'POST super_admin/groups/search': {
    expect: ok,
    body: () => ({ term: 'Storage' }),
    check: (body) => assert.ok(JSON.stringify(body).includes('Storage Alliance'), 'the group is found'),
  },
  'GET super_admin/groups/documents/:documentId/download': { expect: notFound },
  'GET super_admin/groups/:id': { expect: ok },
  'POST super_admin/groups/:id': { expect: invalid },
  'GET super_admin/groups/:id/delete': { expect: notFound, params: id },
  'GET super_admin/groups/:id/addendum': { expect: ok },
  'GET super_admin/groups/:id/partners': { expect: ok },
  'GET super_admin/groups/:id/partners/export': { expect: ok },
  'POST super_admin/groups/:id/partners/add': { expect: invalid },
  'GET super_admin/groups/:id/partners/:partnerId/remove': {
    expect: notFound,
    params: missing({ partnerId: MISSING_ID }),
  },
  'GET super_admin/groups/:id/documents': { expect: ok },
  'POST super_admin/groups/:id/documents/upload': { expect: invalid },
  'GET super_admin/groups/:id/documents/:documentId/delete': {
    expect: notFound,
    params: missing({ documentId: MISSING_ID }),
  },
  'GET super_admin/groups/:id/msteams_connection': { expect: ok },
  'GET super_admin/companies/:companyId/contact_documents/form_data': { expect: ok },
  'GET super_admin/companies/:companyId/contact_documents/form_data/parent': { expect: ok },
  'GET super_admin/contact_documents/:documentId': { expect: ok },
  'POST super_admin/companies/:companyId/contact_documents/:documentId': { expect: invalid },
  'GET super_admin/companies/:companyId/contact_documents/:documentId/delete': {
    expect: notFound,
    params: missing({ documentId: MISSING_ID }),
  },
  'GET super_admin/companies/:companyId/contact_documents/:documentId/notes': { expect: ok },
  'GET super_admin/companies/:companyId/documents/:documentId/sample': { expect: ok },
  'POST super_admin/companies/:companyId/documents/:documentId/sample': { expect: invalid },
  'POST super_admin/companies/:companyId/documents/:documentId/sample/manager': {
    expect: ok,
    params: (world) => ({ documentId: world.targets.acmeManagerDocument }),
    body: (world) => managerRequestBody(world.companies.acme, world.targets.acmeManagerDocument),
  },
  'POST super_admin/companies/:companyId/departments/:departmentId': { expect: invalid },
  'GET super_admin/departments/:id/delete': { expect: notFound, params: id },
  'POST super_admin/companies/:companyId/groups/put': { expect: invalid },
  'GET super_admin/companies/:companyId/relation/:relationId': { expect: ok },
  'GET super_admin/companies/:companyId/users/:relationId': { expect: ok },
  'GET super_admin/reports/user_logins/:start/:end': { expect: ok },
  'GET super_admin/reports/proccesses_viewed/:start/:end': { expect: ok },
  'GET super_admin/reports/word_search/:start/:end': { expect: ok },
  'GET super_admin/reports/managers': { expect: ok },
  'GET super_admin/reports/mail_domain': { expect: ok },
  'GET super_admin/reports/user_aged_logins': { expect: ok },
  'GET super_admin/email_templates': { expect: ok },
  'GET super_admin/email_templates/:id': { expect: ok },
  'POST super_admin/email_templates/:id': { expect: invalid },
  'POST super_admin/email_templates/:id/preview': {
    expect: ok,
    body: () => ({ subject: 'Matrix preview', body: '<p>Hello {first_name}</p>' }),
  },
  'GET super_admin/onboarding/queue': { expect: ok },
  'GET super_admin/onboarding/:session_id': { expect: ok },
  'POST super_admin/onboarding/:id/put': { expect: invalid },
  'POST super_admin/onboarding/:id/approve': { expect: invalid },
  'POST super_admin/onboarding/:id/reject': { expect: notFound, params: id },
  'GET super_admin/escalation/queue/:filter': { expect: ok, params: () => ({ filter: 'open' }) },
  'GET super_admin/escalation/:id/delete': { expect: notFound, params: id },
  'GET super_admin/escalation/:case_id/details': { expect: ok },
  'GET super_admin/escalation/report/:filter': { expect: ok, params: () => ({ filter: 'open' }) },
  'GET super_admin/escalation/report/:filter/:start': { expect: ok, params: () => ({ filter: 'open' }) },
  'GET super_admin/escalation/report/:filter/:start/:end': { expect: ok, params: () => ({ filter: 'open' }) },
  // The dashboard itself is no contract endpoint: its cookie check has its own tests (queue-dashboard.int-spec.ts).
  'POST super_admin/queue_dashboard/session': {
    expect: ok,
    check: (body) => assert.equal((body as { url: string }).url, QUEUE_DASHBOARD.basePath),
  },
};
