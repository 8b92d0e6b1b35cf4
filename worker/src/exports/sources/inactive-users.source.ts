import { INACTIVE_USER_DAYS, roleLabel } from '@casebridge/contracts';
import { cursorText, EXPORT_PAGE_SIZE, keysetPages, type ExportCell, type ExportSource } from '../export-source';

interface InactiveUserRecord {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  company_name: string;
  role: string;
  status: string;
  last_login_at: Date | string | null;
  idle_since: string;
}

/**
 * The back office's Inactive Users list (api InactiveUsersService: disabled users and users idle for
 * INACTIVE_USER_DAYS, longest idle first) as a spreadsheet, read by keyset on (idle since, id).
 */
export const inactiveUsersSource: ExportSource = {
  sheetName: 'Inactive Users',
  columns: [
    { header: 'First Name', width: 20 },
    { header: 'Last Name', width: 20 },
    { header: 'Email', width: 36 },
    { header: 'Company', width: 30 },
    { header: 'Role', width: 20 },
    { header: 'Last Login (UTC)', width: 20, date: true },
    { header: 'Status', width: 10 },
  ],

  fileStem() {
    return Promise.resolve('inactive-users');
  },

  async *pages(em) {
    const fetch = (cursor: { since: string; id: number } | null) => {
      const after = cursor ? 'and (coalesce(u.last_login_at, u.created_at), u.id) > (?::timestamptz, ?)' : '';
      return em.execute<InactiveUserRecord[]>(
        `select u.id, u.first_name, u.last_name, u.email, c.name as company_name, u.role, u.status, u.last_login_at,
            ${cursorText('coalesce(u.last_login_at, u.created_at)')} as idle_since
          from users u join companies c on c.id = u.company_id
          where u.approval_status = 'approved'
            and (u.status = 'inactive' or coalesce(u.last_login_at, u.created_at) < now() - make_interval(days => ?))
            ${after}
          order by coalesce(u.last_login_at, u.created_at), u.id
          limit ?`,
        [INACTIVE_USER_DAYS, ...(cursor ? [cursor.since, cursor.id] : []), EXPORT_PAGE_SIZE],
      );
    };
    for await (const records of keysetPages(fetch, (last) => ({ since: last.idle_since, id: last.id }))) {
      yield records.map((record): ExportCell[] => [
        record.first_name,
        record.last_name,
        record.email,
        record.company_name,
        roleLabel(record.role),
        record.last_login_at === null ? null : new Date(record.last_login_at),
        record.status === 'active' ? 'Active' : 'Inactive',
      ]);
    }
  },
};
