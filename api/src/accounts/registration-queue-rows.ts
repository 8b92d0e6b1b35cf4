import type { RegistrationQueueRow, SuperAdminRegistrationRow } from '@casebridge/contracts';
import type { User } from '@casebridge/db';
import type { z } from 'zod';

/** A registration waiting for approval, as the company admins' queue lists it. */
export function toRegistrationQueueRow(user: User): z.infer<typeof RegistrationQueueRow> {
  return {
    id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    created_at: user.createdAt.toISOString(),
  };
}

/** The same, as the back office's queue lists it (every company's); a registration always has its company. */
export function toBackOfficeRegistrationRow(user: User): SuperAdminRegistrationRow {
  return {
    ...toRegistrationQueueRow(user),
    company_id: user.company!.id,
    company_name: user.company!.name,
  };
}
