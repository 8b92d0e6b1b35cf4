import { REGISTRATION_TYPE_LABELS, roleLabel, type RegistrationType } from '@casebridge/contracts';
import { UnrecoverableError } from 'bullmq';
import { numberParam } from '../export-params';
import { EXPORT_PAGE_SIZE, keysetPages, type ExportCell, type ExportSource } from '../export-source';

interface UserRecord {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  role: string;
  registration_type: string;
  status: string;
  last_login_at: Date | string | null;
  created_at: Date | string;
}

const createdThrough = (type: string) =>
  Object.prototype.hasOwnProperty.call(REGISTRATION_TYPE_LABELS, type)
    ? REGISTRATION_TYPE_LABELS[type as RegistrationType]
    : type;

const asDate = (value: Date | string | null) => (value === null ? null : new Date(value));

/**
 * The users table of the admin area (api CompanyUsersService.list: approved users, by name) as a spreadsheet,
 * read by keyset on (last_name, first_name, id).
 */
export const companyUsersSource: ExportSource = {
  sheetName: 'Users',
  columns: [
    { header: 'First Name', width: 20 },
    { header: 'Last Name', width: 20 },
    { header: 'Email', width: 36 },
    { header: 'Role', width: 20 },
    { header: 'Created Through', width: 20 },
    { header: 'Status', width: 10 },
    { header: 'Last Login (UTC)', width: 20, date: true },
    { header: 'Created (UTC)', width: 20, date: true },
  ],

  async fileStem(em, params) {
    const companyId = numberParam(params, 'company_id');
    const [company] = await em.execute<{ slug: string }[]>('select slug from companies where id = ?', [companyId]);
    if (!company) throw new UnrecoverableError('The company of this export no longer exists.');
    return `${company.slug}-users`;
  },

  async *pages(em, params) {
    const companyId = numberParam(params, 'company_id');
    const fetch = (cursor: { last: string; first: string; id: number } | null) => {
      const after = cursor ? 'and (u.last_name, u.first_name, u.id) > (?, ?, ?)' : '';
      return em.execute<UserRecord[]>(
        `select u.id, u.first_name, u.last_name, u.email, u.role, u.registration_type, u.status,
            u.last_login_at, u.created_at
          from users u
          where u.company_id = ? and u.approval_status = 'approved' ${after}
          order by u.last_name, u.first_name, u.id
          limit ?`,
        [companyId, ...(cursor ? [cursor.last, cursor.first, cursor.id] : []), EXPORT_PAGE_SIZE],
      );
    };
    for await (const records of keysetPages(fetch, (last) => ({
      last: last.last_name,
      first: last.first_name,
      id: last.id,
    }))) {
      yield records.map((record): ExportCell[] => [
        record.first_name,
        record.last_name,
        record.email,
        roleLabel(record.role),
        createdThrough(record.registration_type),
        record.status === 'active' ? 'Active' : 'Inactive',
        asDate(record.last_login_at),
        asDate(record.created_at),
      ]);
    }
  },
};
