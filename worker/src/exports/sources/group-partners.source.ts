import { UnrecoverableError } from 'bullmq';
import { groupPartnersQuery, type GroupPartnerRecord } from '@casebridge/db';
import { numberParam } from '../export-params';
import { EXPORT_PAGE_SIZE, keysetPages, type ExportCell, type ExportSource } from '../export-source';

/**
 * Pages of the partner relations a company sees (libs/db groupPartnersQuery, shared with the api) by id;
 * `groupId` null means every group of the company (My Partners).
 */
async function* partnerPages(
  em: Parameters<ExportSource['pages']>[0],
  companyId: number,
  groupId: number | null,
): AsyncIterable<GroupPartnerRecord[]> {
  const fetch = (afterId: number | null) => {
    const query = groupPartnersQuery({ companyId, groupId, afterId: afterId ?? 0, limit: EXPORT_PAGE_SIZE });
    return em.execute<GroupPartnerRecord[]>(query.sql, query.params);
  };
  yield* keysetPages(fetch, (last) => last.id);
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
    // The file is named after the group plus "groupmembers".
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
