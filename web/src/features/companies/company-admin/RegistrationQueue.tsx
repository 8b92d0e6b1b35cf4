import { type RegistrationQueueRow } from '@casebridge/contracts';
import { API } from '../../../lib/api-routes';
import type { z } from 'zod';
import { formatDateTime } from '../../../lib/format';
import type { DataColumn } from '../../../ui/DataTable';
import { RegistrationQueueCard } from './RegistrationQueueCard';

type QueueRow = z.infer<typeof RegistrationQueueRow>;

const COLUMNS: DataColumn<QueueRow>[] = [
  { key: 'name', header: 'Name', render: (row) => `${row.first_name} ${row.last_name}` },
  { key: 'email', header: 'Email', render: (row) => row.email },
  { key: 'created_at', header: 'Registered', render: (row) => formatDateTime(row.created_at) },
];

/** Registrations waiting for approval (requires_registration companies). */
export function RegistrationQueue({ onDecided }: { onDecided: () => void }) {
  return (
    <RegistrationQueueCard
      endpoint={API.adminCompany.registrationQueue}
      titleId="registration-queue-title"
      title="Registration Queue"
      columns={COLUMNS}
      approveEndpoint={API.adminCompany.approveRegistration}
      rejectEndpoint={API.adminCompany.rejectRegistration}
      onApproved={onDecided}
    />
  );
}
