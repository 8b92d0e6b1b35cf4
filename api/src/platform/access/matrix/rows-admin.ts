import assert from 'node:assert/strict';
import { managerRequestBody } from './matrix-bodies';
import {
  companyAdmins,
  isAcmeAdmin,
  MISSING_ID,
  type ActorName,
  type MatrixRow,
  type Params,
  type World,
} from './matrix-types';

/**
 * Company admin pages. Rows name Acme's resources: Acme's managers reach them, the managers of the unrelated
 * company and the limited member are refused (the others see only their own company). Calls that would destroy
 * the shared fixture send Acme's managers to a missing id instead (404 proves they passed the role check).
 */
const own = (
  acme: MatrixRow['expect'][keyof MatrixRow['expect']],
  other: MatrixRow['expect'][keyof MatrixRow['expect']] = 'ok',
) => companyAdmins(acme, other, other);

function missingForAcme(build: (world: World) => Params, missing: Params) {
  return (world: World, actor: Parameters<typeof isAcmeAdmin>[0]) => (isAcmeAdmin(actor) ? missing : build(world));
}

/** Every user row of a company list belongs to the actor's company. */
function onlyOwnUsers(body: unknown, world: World) {
  const rows =
    (body as { data?: { id: number }[]; users?: { id: number }[] }).data ?? (body as { users: { id: number }[] }).users;
  assert.ok(Array.isArray(rows), 'a list of users');
  const foreign = [world.users['bm@globex.test'], world.users['bm@initech.test'], world.users['bm@nimbus.test']];
  return rows.map((row) => row.id).filter((id) => foreign.includes(id));
}

/** A check that the list under `key` holds `id` exactly when the actor is one of Acme's managers. */
function acmeRowListed(key: string, id: (world: World) => number, never: (world: World) => number[] = () => []) {
  return (body: unknown, world: World, actor: ActorName) => {
    const ids = (body as Record<string, { id: number }[]>)[key].map((row) => row.id);
    assert.equal(ids.includes(id(world)), isAcmeAdmin(actor), `Acme's row listed iff Acme admin (${key})`);
    for (const foreign of never(world)) assert.ok(!ids.includes(foreign), `another tenant's row in ${key}`);
  };
}

export const adminRows: Record<string, MatrixRow> = {
  'GET admin/company': { expect: own('ok') },
  'GET admin/company/:id/departments': { expect: own('ok', 404) },
  'GET admin/company/internal_notes': { expect: own('ok') },
  'GET admin/company/relations': {
    expect: own('ok'),
    check: acmeRowListed('relations', (world) => world.relations.acme),
  },
  // A change request is mailed for the requester's own company; the limited member may ask too.
  'POST admin/company/change': {
    expect: own('ok', 'ok'),
    body: () => ({ change_type: 'Process details', changes: 'Matrix change request' }),
  },
  // Each admin lists its own company's requests only (the change row above made one per company).
  'GET admin/company/change_requests': {
    expect: own('ok'),
    check: (body, world, actor) => {
      const company = { acmeBm: 'acme', acmePm: 'acme', otherBm: 'other', otherPm: 'other', limited: 'initech' }[
        actor as 'acmeBm'
      ] as keyof World['companies'];
      const rows = (body as { change_requests: { company_id: number }[] }).change_requests;
      assert.ok(
        rows.every((row) => row.company_id === world.companies[company]),
        'change requests of another company listed',
      );
    },
  },
  // Acme's managers save Acme's settings unchanged; another company's managers naming Acme's manager as their
  // signup manager are refused (a user of another company is "invalid"); limited memberships have no registration.
  'POST admin/company/registration': {
    expect: companyAdmins('ok', 422, 403),
    body: (world, actor) =>
      isAcmeAdmin(actor)
        ? world.targets.acmeRegistration
        : { requires_approval: 0, signup_manager_id: world.users['bm@acme.test'] },
  },
  'GET admin/company/registration/queue': {
    expect: own('ok'),
    check: acmeRowListed('queue', (world) => world.pendingRegistration),
  },
  'GET admin/company/registration/:id/approve': {
    expect: own(404, 404),
    params: missingForAcme((world) => ({ id: world.pendingRegistration }), { id: MISSING_ID }),
  },
  'GET admin/company/registration/:id/reject': {
    expect: own(404, 404),
    params: missingForAcme((world) => ({ id: world.pendingRegistration }), { id: MISSING_ID }),
  },
  'GET admin/company/users': {
    expect: own('ok'),
    check: (body, world, actor) => {
      const foreignOfActor = onlyOwnUsers(body, world).filter(
        (id) =>
          !(actor === 'limited' && id === world.users['bm@initech.test']) &&
          !(actor === 'otherBm' && id === world.users['bm@nimbus.test']) &&
          !(actor === 'otherPm' && id === world.users['bm@nimbus.test']),
      );
      assert.deepEqual(foreignOfActor, [], 'users of another company listed');
    },
  },
  'GET admin/company/users/export': { expect: own('ok') },
  'GET admin/company/users/:id': { expect: own('ok', 404) },
  // Acme's spare caller, saved as it is: Acme's managers may, for everyone else the user does not exist. User
  // changes are refused to a limited membership (its Users page offers Contact) before the user is looked up.
  'POST admin/company/users/:id': {
    expect: companyAdmins('ok', 404, 403),
    params: (world) => ({ id: world.targets.spareAcmeUser }),
    body: () => ({ first_name: 'Spare', last_name: 'Caller', email: 'spare@acme.test', role: 'caller', type: 'basic' }),
  },
  'GET admin/company/users/:id/delete': {
    expect: companyAdmins(404, 404, 403),
    params: missingForAcme((world) => ({ id: world.users['caller@acme.test'] }), { id: MISSING_ID }),
  },
  'POST admin/company/users/:id/status': {
    expect: companyAdmins('ok', 404, 403),
    params: (world) => ({ id: world.targets.spareAcmeUser }),
    body: () => ({ status: 'active' }),
  },
  'GET admin/company/documents': {
    expect: own('ok'),
    check: acmeRowListed(
      'documents',
      (world) => world.documents.acme,
      (world) => [world.documents.globex],
    ),
  },
  // The one process document of a limited company.
  'GET admin/company/documents/limited': { expect: companyAdmins(404, 404, 'ok') },
  'GET admin/company/documents/:documentId': { expect: own('ok', 404) },
  'POST admin/company/documents/:documentId': {
    expect: own('ok', 404),
    body: (world) => world.targets.acmeProcessSettings,
  },
  'GET admin/company/documents/:documentId/sample': { expect: own('ok', 404) },
  // The process is looked up before the body is checked, so the empty body already shows the tenant check (the
  // others 404); Acme's 422 is the sample's own field validation, which needs Acme's process form.
  'POST admin/company/documents/:documentId/sample': { expect: own(422, 404) },
  // A sample through Acme's manager form: checked and answered, nothing stored; another company's managers 404.
  'POST admin/company/documents/:documentId/sample/manager': {
    expect: own('ok', 404),
    params: (world) => ({ documentId: world.targets.acmeManagerDocument }),
    body: (world) => managerRequestBody(world.companies.acme, world.targets.acmeManagerDocument),
  },
  'GET admin/company/partner_groups': { expect: own('ok') },
  'GET admin/company/partner_groups/:groupId': { expect: own('ok', 404) },
  'GET admin/partner_groups/:groupId': { expect: own('ok', 404) },
  'GET admin/company/partner_groups/:groupId/addendum': { expect: own('ok', 404) },
  'GET admin/company/partner_groups/:groupId/current_license': { expect: own('ok', 404) },
  'GET admin/company/partner_groups/:groupId/code_of_conduct': { expect: own('ok', 404) },
  'GET admin/company/partner_groups/:groupId/export_members': { expect: own(403, 404) },
  'GET admin/company/partner_groups/:groupId/documents': { expect: own('ok', 404) },
  // A file for Storage Alliance on behalf of Acme: Acme's managers; the group is not the others' (404).
  'POST admin/company/partner_groups/:groupId/documents/upload': {
    expect: own('ok', 404),
    multipart: (world) => ({
      fields: { name: 'Matrix upload', company_id: String(world.companies.acme), document_type: 'file' },
      files: [{ field: 'file', name: 'matrix.pdf', content: '%PDF-1.4\nmatrix upload\n' }],
    }),
  },
  'GET admin/company/partner_groups/:groupId/documents/:documentId/download': { expect: own(404, 404) },
  'GET admin/company/partner_groups/:groupId/documents/:documentId/delete': {
    expect: own(404, 404),
    params: missingForAcme((world) => ({ documentId: world.groupDocument }), { documentId: MISSING_ID }),
  },
  // Group user management is refused to limited memberships (403) before the group is looked up.
  'GET admin/company/partner_groups/:groupId/users': { expect: companyAdmins('ok', 404, 403) },
  'POST admin/company/partner_groups/:groupId/users/search': {
    expect: companyAdmins('ok', 404, 403),
    body: () => ({ search_term: 'acme' }),
  },
  'GET admin/partner_groups/:groupId/users/add/:userId': { expect: companyAdmins(409, 404, 403) },
  'GET admin/company/partner_groups/:groupId/users/:userId/delete': {
    // Storage Alliance is open to every Acme user, so removing one is refused (409) before the user is looked up.
    expect: companyAdmins(409, 404, 403),
    params: missingForAcme(() => ({}), { userId: MISSING_ID }),
  },
  'GET admin/company/partner_companies': { expect: own('ok') },
  'GET admin/company/reports/partners': { expect: own('ok') },
  'GET admin/company/sso': { expect: companyAdmins('ok', 'ok', 403) },
  // A real save needs the identity provider's metadata; a schema-valid body without the file still shows the
  // access decision: the limited member is refused (403), the admins get past it to the missing file (422).
  'POST admin/company/sso': { expect: companyAdmins(422, 422, 403), body: () => ({ sso_identity_source: 'file' }) },
};
