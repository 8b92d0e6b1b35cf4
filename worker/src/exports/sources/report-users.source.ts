import type { EntityManager } from '@mikro-orm/postgresql';
import { AGED_LOGIN_BUCKETS, COMPANY_ADMIN_ROLES, NEVER_LOGGED_IN, roleLabel } from '@casebridge/contracts';
import { cursorText, EXPORT_PAGE_SIZE, keysetPages, type ExportCell, type ExportSource } from '../export-source';

/**
 * The three undated back-office reports: company managers, e-mail domains and how long ago users
 * last signed in. Each is read a page at a time by keyset on its sort order.
 */

/** Pages of a query whose sort key is the tuple `key` (SQL) and, per record, `cursorOf` (its values). */
async function* sortedPages<R>(
  em: EntityManager,
  query: (after: string) => string,
  key: string,
  cursorOf: (record: R) => unknown[],
  toCells: (record: R) => ExportCell[],
  /** The placeholders of a cursor, when one needs a cast. */
  cursorPlaceholders?: string,
): AsyncIterable<ExportCell[][]> {
  const fetch = (cursor: unknown[] | null) =>
    em.execute<R[]>(
      `${query(cursor ? `and (${key}) > (${cursorPlaceholders ?? cursor.map(() => '?').join(', ')})` : '')} order by ${key} limit ?`,
      [...(cursor ?? []), EXPORT_PAGE_SIZE],
    );
  for await (const records of keysetPages(fetch, cursorOf)) yield records.map(toCells);
}

const statusLabel = (status: string) => (status === 'active' ? 'Active' : 'Inactive');
const dateOrNull = (value: Date | string | null) => (value === null ? null : new Date(value));

interface ManagerRecord {
  id: number;
  company_name: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  phone_country_code: string | null;
  role: string;
  status: string;
  last_login_at: Date | string | null;
}

/** managers: the business and program managers of every company, with how to reach them. */
export const managersSource: ExportSource = {
  sheetName: 'Managers',
  columns: [
    { header: 'Company', width: 28 },
    { header: 'First Name', width: 18 },
    { header: 'Last Name', width: 18 },
    { header: 'Email', width: 34 },
    { header: 'Phone', width: 20 },
    { header: 'Role', width: 20 },
    { header: 'Status', width: 10 },
    { header: 'Last Login (UTC)', width: 20, date: true },
  ],
  fileStem: () => Promise.resolve('managers'),
  pages(em) {
    const roles = COMPANY_ADMIN_ROLES.map((role) => `'${role}'`).join(', ');
    return sortedPages<ManagerRecord>(
      em,
      (after) =>
        `select u.id, c.name as company_name, u.first_name, u.last_name, u.email, u.phone, u.phone_country_code,
            u.role, u.status, u.last_login_at
          from users u join companies c on c.id = u.company_id
          where u.role in (${roles}) and u.approval_status = 'approved' ${after}`,
      'c.name, u.last_name, u.first_name, u.id',
      (record) => [record.company_name, record.last_name, record.first_name, record.id],
      (record) => [
        record.company_name,
        record.first_name,
        record.last_name,
        record.email,
        record.phone ? `${record.phone_country_code ? `(${record.phone_country_code}) ` : ''}${record.phone}` : null,
        roleLabel(record.role),
        statusLabel(record.status),
        dateOrNull(record.last_login_at),
      ],
    );
  },
};

interface DomainRecord {
  domain: string;
  company_id: number;
  company_name: string;
  company_domain: string | null;
  matches: boolean;
  users: number | string;
  active_users: number | string;
  last_login_at: Date | string | null;
}

/** mail_domain: per e-mail domain and company, how many users it has and whether it is the company's domain. */
export const mailDomainSource: ExportSource = {
  sheetName: 'Mail Domain',
  columns: [
    { header: 'Mail Domain', width: 26 },
    { header: 'Company', width: 28 },
    { header: 'Company Domain', width: 26 },
    { header: 'Company Domain Match', width: 14 },
    { header: 'Users', width: 10 },
    { header: 'Active Users', width: 12 },
    { header: 'Last Login (UTC)', width: 20, date: true },
  ],
  fileStem: () => Promise.resolve('mail-domain'),
  pages(em) {
    // Users without a company (super admins) are grouped under company 0 with no name.
    return sortedPages<DomainRecord>(
      em,
      (after) =>
        `select * from (
            select lower(split_part(u.email, '@', 2)) as domain, coalesce(c.id, 0) as company_id,
              coalesce(c.name, '') as company_name, c.domain as company_domain,
              bool_or(lower(split_part(u.email, '@', 2)) = lower(coalesce(c.domain, ''))
                or lower(split_part(u.email, '@', 2)) = any(
                  regexp_split_to_array(lower(coalesce(c.additional_domains, '')), '[\\s,;]+'))) as matches,
              count(*) as users, count(*) filter (where u.status = 'active') as active_users,
              max(u.last_login_at) as last_login_at
            from users u left join companies c on c.id = u.company_id
            where u.approval_status = 'approved'
            group by 1, 2, 3, 4
          ) d where true ${after}`,
      'd.domain, d.company_name, d.company_id',
      (record) => [record.domain, record.company_name, record.company_id],
      (record) => [
        record.domain,
        record.company_name || null,
        record.company_domain,
        record.matches ? 'Yes' : 'No',
        Number(record.users),
        Number(record.active_users),
        dateOrNull(record.last_login_at),
      ],
    );
  },
};

interface AgedRecord {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  company_name: string | null;
  role: string;
  status: string;
  last_login_at: Date | string | null;
  days: number | string | null;
  cursor_at: string;
}

/** The bucket of a number of days since the last login (null: never signed in). */
export function agedLoginBucket(days: number | null): string {
  if (days === null) return NEVER_LOGGED_IN;
  return AGED_LOGIN_BUCKETS.find(([, upTo]) => days <= upTo)![0];
}

/** user_aged_logins: every user by days since the last login, never-signed-in first, then the longest idle. */
export const userAgedLoginsSource: ExportSource = {
  sheetName: 'User Aged Logins',
  columns: [
    { header: 'Last Login Age', width: 16 },
    { header: 'Days Since Last Login', width: 12 },
    { header: 'First Name', width: 18 },
    { header: 'Last Name', width: 18 },
    { header: 'Email', width: 34 },
    { header: 'Company', width: 28 },
    { header: 'Role', width: 20 },
    { header: 'Status', width: 10 },
    { header: 'Last Login (UTC)', width: 20, date: true },
  ],
  fileStem: () => Promise.resolve('user-aged-logins'),
  pages(em) {
    const since = `coalesce(u.last_login_at, '-infinity'::timestamptz)`;
    return sortedPages<AgedRecord>(
      em,
      (after) =>
        `select u.id, u.first_name, u.last_name, u.email, c.name as company_name, u.role, u.status, u.last_login_at,
            floor(extract(epoch from now() - u.last_login_at) / 86400) as days,
            case when u.last_login_at is null then '-infinity' else ${cursorText('u.last_login_at')} end as cursor_at
          from users u left join companies c on c.id = u.company_id
          where u.approval_status = 'approved' ${after}`,
      `${since}, u.id`,
      (record) => [record.cursor_at, record.id],
      (record) => {
        const days = record.days === null ? null : Math.max(0, Number(record.days));
        return [
          agedLoginBucket(days),
          days,
          record.first_name,
          record.last_name,
          record.email,
          record.company_name,
          roleLabel(record.role),
          statusLabel(record.status),
          dateOrNull(record.last_login_at),
        ];
      },
      '?::timestamptz, ?',
    );
  },
};
