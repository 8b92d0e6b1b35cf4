import { LOGIN_METHOD_ADMIN_LABELS, type LoginMethod } from '@casebridge/contracts';
import { EXPORT_PAGE_SIZE, keysetPages, type ExportCell, type ExportSource } from '../export-source';

interface CompanyRecord {
  id: number;
  name: string;
  slug: string;
  groups: string | null;
  membership_type: string;
  users: number | string;
  status: string;
  login_method: string;
  created_at: Date | string;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1).replace(/_/g, ' ');

const loginMethodLabel = (method: string) =>
  Object.prototype.hasOwnProperty.call(LOGIN_METHOD_ADMIN_LABELS, method)
    ? LOGIN_METHOD_ADMIN_LABELS[method as LoginMethod]
    : method;

/** The login page of a company: the landing page of its slug on the public address the api stored. */
function loginPage(publicUrl: unknown, slug: string): string {
  const base = typeof publicUrl === 'string' ? publicUrl.replace(/\/+$/, '') : '';
  return `${base}/${slug}`;
}

/**
 * The back office's companies list (api SuperAdminCompaniesService.list: groups of active relations, approved
 * users) as companies.xlsx, read by keyset on (name, id).
 */
export const companiesSource: ExportSource = {
  sheetName: 'Companies',
  columns: [
    { header: 'Name', width: 32 },
    { header: 'Groups', width: 40 },
    { header: 'Membership Type', width: 18 },
    { header: 'Users', width: 10 },
    { header: 'Status', width: 10 },
    { header: 'Login Method', width: 26 },
    { header: 'Login Page', width: 40 },
    { header: 'Created (UTC)', width: 20, date: true },
  ],

  fileStem() {
    return Promise.resolve('companies');
  },

  async *pages(em, params) {
    const fetch = (cursor: { name: string; id: number } | null) => {
      const after = cursor ? 'where (c.name, c.id) > (?, ?)' : '';
      return em.execute<CompanyRecord[]>(
        `select c.id, c.name, c.slug, c.membership_type, c.status, c.login_method, c.created_at,
            (select string_agg(distinct g.name, ', ' order by g.name)
              from company_group_relations r join communities g on g.id = r.community_id
              where r.company_id = c.id and r.is_active) as groups,
            (select count(*) from users u where u.company_id = c.id and u.approval_status = 'approved') as users
          from companies c ${after}
          order by c.name, c.id
          limit ?`,
        [...(cursor ? [cursor.name, cursor.id] : []), EXPORT_PAGE_SIZE],
      );
    };
    for await (const records of keysetPages(fetch, (last) => ({ name: last.name, id: last.id }))) {
      yield records.map((record): ExportCell[] => [
        record.name,
        record.groups ?? '',
        capitalised(record.membership_type),
        Number(record.users),
        capitalised(record.status),
        loginMethodLabel(record.login_method),
        loginPage(params.public_url, record.slug),
        new Date(record.created_at),
      ]);
    }
  },
};
