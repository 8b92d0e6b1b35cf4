import assert from 'node:assert/strict';
import { companyAdmins, isAcmeAdmin, MISSING_ID, type MatrixRow, type Params, type World } from './matrix-types';

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

export const adminRows: Record<string, MatrixRow> = {
  'GET admin/company': { expect: own('ok') },
  'GET admin/company/:id/departments': { expect: own('ok', 404) },
  'GET admin/company/internal_notes': { expect: own('ok') },
  'GET admin/company/relations': { expect: own('ok') },
  'POST admin/company/change': { expect: own(422, 422) },
  'POST admin/company/registration': { expect: own(422, 422) },
  'GET admin/company/registration/queue': { expect: own('ok') },
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
  'POST admin/company/users/:id': { expect: own(422, 422) },
  'GET admin/company/users/:id/delete': {
    expect: own(404, 404),
    params: missingForAcme((world) => ({ id: world.users['caller@acme.test'] }), { id: MISSING_ID }),
  },
  'POST admin/company/users/:id/status': { expect: own(422, 422) },
  'GET admin/company/documents': { expect: own('ok') },
  // The one process document of a limited company.
  'GET admin/company/documents/limited': { expect: companyAdmins(404, 404, 'ok') },
  'GET admin/company/documents/:documentId': { expect: own('ok', 404) },
  'POST admin/company/documents/:documentId': { expect: own(422, 422) },
  'GET admin/company/documents/:documentId/sample': { expect: own('ok', 404) },
  'POST admin/company/documents/:documentId/sample': { expect: own(422, 404) },
  'POST admin/company/documents/:documentId/sample/manager': { expect: own(422, 422) },
  'GET admin/company/partner_groups': { expect: own('ok') },
  'GET admin/company/partner_groups/:groupId': { expect: own('ok', 404) },
  'GET admin/partner_groups/:groupId': { expect: own('ok', 404) },
  'GET admin/company/partner_groups/:groupId/addendum': { expect: own('ok', 404) },
  'GET admin/company/partner_groups/:groupId/current_license': { expect: own('ok', 404) },
  'GET admin/company/partner_groups/:groupId/code_of_conduct': { expect: own('ok', 404) },
  'GET admin/company/partner_groups/:groupId/export_members': { expect: own(403, 404) },
  'GET admin/company/partner_groups/:groupId/documents': { expect: own('ok', 404) },
  'POST admin/company/partner_groups/:groupId/documents/upload': { expect: own(422, 422) },
  'GET admin/company/partner_groups/:groupId/documents/:documentId/download': { expect: own(404, 404) },
  'GET admin/company/partner_groups/:groupId/documents/:documentId/delete': {
    expect: own(404, 404),
    params: missingForAcme((world) => ({ documentId: world.groupDocument }), { documentId: MISSING_ID }),
  },
  // Group user management is refused to limited members (403) before the group is looked up.
  'GET admin/company/partner_groups/:groupId/users': { expect: companyAdmins('ok', 404, 403) },
  'POST admin/company/partner_groups/:groupId/users/search': { expect: own(422, 422) },
  'GET admin/partner_groups/:groupId/users/add/:userId': { expect: companyAdmins(409, 404, 403) },
  'GET admin/company/partner_groups/:groupId/users/:userId/delete': {
    // Storage Alliance is open to every Acme user, so removing one is refused (409) before the user is looked up.
    expect: companyAdmins(409, 404, 403),
    params: missingForAcme(() => ({}), { userId: MISSING_ID }),
  },
  'GET admin/company/partner_companies': { expect: own('ok') },
  'GET admin/company/reports/partners': { expect: own('ok') },
  'GET admin/company/sso': { expect: companyAdmins('ok', 'ok', 403) },
  'POST admin/company/sso': { expect: own(422, 422) },
};
