import { UnrecoverableError } from 'bullmq';
import { GROUP_TYPE_LABELS, groupRegistrationPage, type GroupType } from '@casebridge/contracts';
import { numberParam } from '../export-params';
import { EXPORT_PAGE_SIZE, keysetPages, type ExportCell, type ExportSource } from '../export-source';

interface GroupRecord {
  id: number;
  name: string;
  type: string;
  status: string;
  vhost: string | null;
  host: string | null;
  companies: number | string;
  price: number | string;
  price_three_years: number | string;
  created_at: Date | string;
}

interface PartnerRecord {
  id: number;
  company: string;
  department: string | null;
  process: string | null;
  membership_type: string;
  is_active: boolean;
  is_host: boolean;
}

const typeLabel = (type: string) =>
  Object.prototype.hasOwnProperty.call(GROUP_TYPE_LABELS, type) ? GROUP_TYPE_LABELS[type as GroupType] : type;
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1).replace(/_/g, ' ');

/**
 * The back office's groups list (api SuperAdminGroupsService.list: partner companies of active relations) as
 * groups.xlsx, read by keyset on (name, id).
 */
export const groupsSource: ExportSource = {
  sheetName: 'Groups',
  columns: [
    { header: 'Name', width: 32 },
    { header: 'Group Type', width: 18 },
    { header: 'Host', width: 28 },
    { header: 'Companies', width: 12 },
    { header: 'Status', width: 10 },
    { header: 'Registration Page', width: 44 },
    { header: 'Price', width: 12 },
    { header: 'Price (3 years)', width: 14 },
    { header: 'Created (UTC)', width: 20, date: true },
  ],

  fileStem() {
    return Promise.resolve('groups');
  },

  async *pages(em, params) {
    const publicUrl = typeof params.public_url === 'string' ? params.public_url : '';
    const fetch = (cursor: { name: string; id: number } | null) => {
      const after = cursor ? 'where (g.name, g.id) > (?, ?)' : '';
      return em.execute<GroupRecord[]>(
        `select g.id, g.name, g.type, g.status, g.vhost, g.price, g.price_three_years, g.created_at,
            h.name as host,
            (select count(distinct r.company_id) from company_group_relations r
              where r.community_id = g.id and r.is_active) as companies
          from communities g left join companies h on h.id = g.sponsor_company_id ${after}
          order by g.name, g.id
          limit ?`,
        [...(cursor ? [cursor.name, cursor.id] : []), EXPORT_PAGE_SIZE],
      );
    };
    for await (const records of keysetPages(fetch, (last) => ({ name: last.name, id: last.id }))) {
      yield records.map((record): ExportCell[] => [
        record.name,
        typeLabel(record.type),
        record.host,
        Number(record.companies),
        capitalised(record.status),
        record.type === 'partner_program' && record.vhost ? groupRegistrationPage(publicUrl, record.vhost) : null,
        Number(record.price),
        Number(record.price_three_years),
        new Date(record.created_at),
      ]);
    }
  },
};

/** Every partner relation of one group, as the partner-program view lists them, read by relation id. */
export const groupPartnersSource: ExportSource = {
  sheetName: 'Group Partners',
  columns: [
    { header: 'Company', width: 32 },
    { header: 'Department', width: 28 },
    { header: 'Collaboration Process', width: 40 },
    { header: 'Membership', width: 16 },
    { header: 'Active', width: 8 },
    { header: 'Host', width: 8 },
  ],

  async fileStem(em, params) {
    const groupId = numberParam(params, 'group_id');
    const [group] = await em.execute<{ name: string }[]>('select name from communities where id = ?', [groupId]);
    if (!group) throw new UnrecoverableError('The group of this export no longer exists.');
    return `${group.name}-partners`;
  },

  async *pages(em, params) {
    const groupId = numberParam(params, 'group_id');
    const fetch = (after: number | null) =>
      em.execute<PartnerRecord[]>(
        `select r.id, c.name as company, d.name as department, doc.name as process, c.membership_type,
            r.is_active, (g.sponsor_company_id = c.id) as is_host
          from company_group_relations r
          join communities g on g.id = r.community_id
          join companies c on c.id = r.company_id
          left join departments d on d.id = r.department_id
          left join contact_documents doc on doc.id = r.document_id
          where r.community_id = ? and r.id > ?
          order by r.id
          limit ?`,
        [groupId, after ?? 0, EXPORT_PAGE_SIZE],
      );
    for await (const records of keysetPages(fetch, (last) => last.id)) {
      yield records.map((record): ExportCell[] => [
        record.company,
        record.department,
        record.process,
        capitalised(record.membership_type),
        record.is_active ? 'Yes' : 'No',
        record.is_host ? 'Yes' : 'No',
      ]);
    }
  },
};
