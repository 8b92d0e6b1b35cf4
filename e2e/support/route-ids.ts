import type { DemoApi } from './demo-api';

interface Row {
  id: number;
  name: string;
}

/** Real ids of the seeded demo that the route table's parameters need, read through the api. */
export interface RouteIds {
  acme: number;
  globex: number;
  /** caller@acme.test */
  acmeCaller: number;
  /** The demo's case ACME-10407 Acme submitted to Globex: its token (token links, case pages) and id (back office). */
  caseToken: string;
  caseId: number;
  /** Acme's ticket process "Acme Systems Collaboration" (editable, testable). */
  acmeTicket: { id: number; type: string };
  /** An Acme relation to a group whose access is limited to listed users (its User Access page manages them). */
  limitedAccessGroup: number;
  /** Any of Acme's partner groups. */
  acmeGroup: number;
  acmeRelation: number;
  partnerProgram: { id: number; type: string };
  solutionSupportGroup: number;
  /** Storage Alliance, the demo's group with Microsoft Teams integration (its connection link is valid). */
  teamsGroup: number;
  emailTemplate: number;
}

const BM = 'bm@acme.test';
const CALLER = 'caller@acme.test';
const ADMIN = 'admin@casebridge.test';
/** An accepted case of the demo, from Acme to Globex. */
const SEEDED_CASE = 'ACME-10407';

function pick<T>(rows: T[], found: (row: T) => boolean, what: string): T {
  const row = rows.find(found);
  if (!row) throw new Error(`The demo has no ${what}`);
  return row;
}

export async function readRouteIds(api: DemoApi): Promise<RouteIds> {
  const { companies } = await api.get<{ companies: (Row & { slug: string })[] }>(ADMIN, 'super_admin/companies');
  const acme = pick(companies, (row) => row.slug === 'acme', 'Acme').id;
  const globex = pick(companies, (row) => row.slug === 'globex', 'Globex').id;

  const { users } = await api.get<{ users: (Row & { email: string })[] }>(BM, 'admin/company/users');
  const acmeCaller = pick(users, (row) => row.email === CALLER, CALLER).id;

  const { my_cases } = await api.get<{
    my_cases: { data: { id: number; token: string; direction: string; internal_case_number: string }[] };
  }>(CALLER, 'caller/my-cases?limit=50');
  // A seeded case, never one a journey made: the journeys run beside the scans and delete their cases after them.
  const sent = pick(
    my_cases.data,
    (row) => row.direction === 'outbound' && row.internal_case_number === SEEDED_CASE,
    `case ${SEEDED_CASE} submitted by Acme`,
  );

  const { documents } = await api.get<{ documents: (Row & { document_type: string })[] }>(
    BM,
    'admin/company/documents',
  );
  const ticket = pick(documents, (row) => row.document_type === 'ticket', 'Acme ticket process');

  const { groups } = await api.get<{ groups: { id: number; community: Row; user_access_flag: string }[] }>(
    BM,
    'admin/company/partner_groups',
  );
  const limited = pick(groups, (row) => row.user_access_flag === 'limit', 'Acme group of listed users');

  const allGroups = await api.get<{ groups: (Row & { type: string })[] }>(ADMIN, 'super_admin/groups');
  const program = pick(allGroups.groups, (row) => row.type === 'partner_program', 'partner program');
  const support = pick(allGroups.groups, (row) => row.type === 'solution_support', 'solution support group');

  const { templates } = await api.get<{ templates: Row[] }>(ADMIN, 'super_admin/email_templates');

  return {
    acme,
    globex,
    acmeCaller,
    caseToken: sent.token,
    caseId: sent.id,
    acmeTicket: { id: ticket.id, type: ticket.document_type },
    limitedAccessGroup: limited.community.id,
    acmeGroup: groups[0].community.id,
    acmeRelation: limited.id,
    partnerProgram: { id: program.id, type: program.type },
    solutionSupportGroup: support.id,
    teamsGroup: pick(allGroups.groups, (row) => row.name === 'Storage Alliance', 'Teams-enabled group').id,
    emailTemplate: pick(templates, () => true, 'e-mail template').id,
  };
}
