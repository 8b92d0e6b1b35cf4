import { UnrecoverableError } from 'bullmq';
import { numberParam } from '../export-params';
import { EXPORT_PAGE_SIZE, type ExportCell, type ExportSource } from '../export-source';

interface PartnerRecord {
  id: number;
  company: string;
  department: string | null;
  group_name: string;
  membership: string;
  process: string | null;
}

/**
 * The partners a company sees in a group, as the api's partnerScope (api/src/admin-groups/group-partners.ts; keep
 * the two alike): the sponsor sees every member; in a partner program, or through an "Only Sponsor" relation, a
 * member sees only the sponsor; otherwise every member. `c` is the community, `m` one of my relations, `r` the
 * partner's relation.
 */
const PARTNER_SCOPE = `(c.sponsor_company_id = m.company_id
  or (c.type <> 'partner_program' and m.member_relationship = 'many_to_many')
  or r.company_id = c.sponsor_company_id)`;

const PARTNERS_SQL = `
  select r.id, pc.name as company, dep.name as department, c.name as group_name,
      pc.membership_type as membership, d.name as process
    from company_group_relations r
    join communities c on c.id = r.community_id and c.status = 'active'
    join companies pc on pc.id = r.company_id and pc.status = 'active'
    left join departments dep on dep.id = r.department_id
    left join contact_documents d on d.id = r.document_id and d.deleted_at is null
    where r.is_active and r.company_id <> ?
      and exists (select 1 from company_group_relations m
        where m.community_id = c.id and m.company_id = ? and m.is_active and ${PARTNER_SCOPE})`;

/** Pages of partner relations by id; `groupId` null means every group of the company (My Partners). */
async function* partnerPages(
  em: Parameters<ExportSource['pages']>[0],
  companyId: number,
  groupId: number | null,
): AsyncIterable<PartnerRecord[]> {
  let after = 0;
  for (;;) {
    const records = await em.execute<PartnerRecord[]>(
      `${PARTNERS_SQL} ${groupId === null ? '' : 'and c.id = ?'} and r.id > ? order by r.id limit ?`,
      [companyId, companyId, ...(groupId === null ? [] : [groupId]), after, EXPORT_PAGE_SIZE],
    );
    if (records.length === 0) return;
    yield records;
    if (records.length < EXPORT_PAGE_SIZE) return;
    after = records[records.length - 1].id;
  }
}

/** The members of one partner group (group detail's Excel export), as its partners table shows them. */
export const groupMembersSource: ExportSource = {
  sheetName: 'Group Members',
  columns: [
    { header: 'Company', width: 32 },
    { header: 'Department', width: 28 },
    { header: 'Membership', width: 16 },
    { header: 'Collaboration Process', width: 40 },
  ],

  async fileStem(em, params) {
    const groupId = numberParam(params, 'group_id');
    const [group] = await em.execute<{ name: string }[]>('select name from communities where id = ?', [groupId]);
    if (!group) throw new UnrecoverableError('The group of this export no longer exists.');
    // Spec 2 §7: named after the group plus "groupmembers".
    return `${group.name}groupmembers`;
  },

  async *pages(em, params) {
    const companyId = numberParam(params, 'company_id');
    const groupId = numberParam(params, 'group_id');
    for await (const records of partnerPages(em, companyId, groupId)) {
      yield records.map((record): ExportCell[] => [
        record.company,
        record.department,
        record.membership,
        record.process,
      ]);
    }
  },
};

/** My Partners: the partner companies of every group of the company. */
export const partnersSource: ExportSource = {
  sheetName: 'My Partners',
  columns: [
    { header: 'Company', width: 32 },
    { header: 'Group', width: 32 },
    { header: 'Membership', width: 16 },
    { header: 'Collaboration Process', width: 40 },
  ],

  async fileStem(_em, params) {
    numberParam(params, 'company_id');
    return 'partners';
  },

  async *pages(em, params) {
    const companyId = numberParam(params, 'company_id');
    for await (const records of partnerPages(em, companyId, null)) {
      yield records.map((record): ExportCell[] => [
        record.company,
        record.group_name,
        record.membership,
        record.process,
      ]);
    }
  },
};
