import { Injectable } from '@nestjs/common';
import {
  INACTIVE_USER_DAYS,
  INACTIVE_USERS_PAGE_SIZE,
  roleLabel,
  type InactiveUserRow,
  type Role,
  type UserStatus,
} from '@casebridge/contracts';
import { EntityManager } from '@mikro-orm/postgresql';
import { ValidationException } from '../../platform/common/errors';

interface InactiveRecord {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  company_id: number;
  company_name: string;
  role: Role;
  status: UserStatus;
  last_login_at: Date | string | null;
}

/**
 * The back office's Inactive Users list: company users who are disabled or idle for INACTIVE_USER_DAYS (no sign-in
 * since, or never since they were created), longest idle first. The worker's inactive_users export reads the same.
 */
@Injectable()
export class InactiveUsersService {
  constructor(private readonly em: EntityManager) {}

  async page(page: number) {
    if (page < 1) throw ValidationException.forField('page', 'The page must be 1 or more.');
    const records = await this.em.execute<InactiveRecord[]>(
      `select u.id, u.first_name, u.last_name, u.email, u.company_id, c.name as company_name, u.role, u.status,
          u.last_login_at
        from users u join companies c on c.id = u.company_id
        where u.approval_status = 'approved'
          and (u.status = 'inactive' or coalesce(u.last_login_at, u.created_at) < now() - make_interval(days => ?))
        order by coalesce(u.last_login_at, u.created_at), u.id
        limit ? offset ?`,
      [INACTIVE_USER_DAYS, INACTIVE_USERS_PAGE_SIZE, (page - 1) * INACTIVE_USERS_PAGE_SIZE],
    );
    const users: InactiveUserRow[] = records.map((record) => ({
      id: record.id,
      first_name: record.first_name,
      last_name: record.last_name,
      email: record.email,
      company_id: record.company_id,
      company_name: record.company_name,
      role: record.role,
      role_label: roleLabel(record.role),
      last_login_date: record.last_login_at === null ? null : new Date(record.last_login_at).toISOString(),
      status: record.status,
    }));
    return { users, page, per_page: INACTIVE_USERS_PAGE_SIZE };
  }
}
