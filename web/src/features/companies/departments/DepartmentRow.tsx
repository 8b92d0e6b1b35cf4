import {
  DEPARTMENT_STATUSES,
  DepartmentBody,
  departmentDeleteQuestion,
  type SuperAdminDepartmentRow,
} from '@casebridge/contracts';
import { API } from '../../../lib/api-routes';
import type { z } from 'zod';
import { useApiMutation } from '../../../lib/mutations';
import { useServerForm } from '../../../lib/use-server-form';
import { useConfirm } from '../../../ui/modal-store';
import { TrashButton } from '../../../ui/TrashButton';
import { departmentsChanged } from '../../back-office/back-office-changes';
import { statusLabel } from '../back-office/company-labels';

type Department = z.infer<typeof SuperAdminDepartmentRow>;
type Option = { id: number; name: string };

const FIELDS = ['name', 'description', 'community_id', 'contact_document_id', 'status'] as const;

function valuesOf(department: Department | null) {
  return {
    name: department?.name ?? '',
    description: department?.description ?? '',
    community_id: department?.community ? String(department.community.id) : '',
    contact_document_id: department?.contact_document ? String(department.contact_document.id) : '',
    status: department?.status ?? 'active',
  };
}

function CellError({ message }: { message?: string }) {
  return message ? (
    <div className="field-error" role="alert">
      {message}
    </div>
  ) : null;
}

interface DepartmentRowProps {
  companyId: number;
  department: Department | null;
  groups: readonly Option[];
  documents: readonly Option[];
  onSaved: (department: Department) => void;
  onRemoved: () => void;
}

/**
 * One editable row of the departments page. Save is enabled only while the row has unsaved changes:
 * a save resets the row to what the server stored, which disables it again.
 */
export function DepartmentRow({ companyId, department, groups, documents, onSaved, onRemoved }: DepartmentRowProps) {
  const confirm = useConfirm();
  const {
    register,
    reset,
    submitWith,
    formState: { errors, isDirty, isSubmitting },
  } = useServerForm(DepartmentBody, { defaultValues: valuesOf(department), fields: FIELDS });
  const name = department?.name ?? 'new';

  const saveDepartment = useApiMutation(API.superAdminDepartments.save, {
    loader: true,
    handlesErrors: true,
    success: (answer) => answer.message,
    onSuccess: (answer) => {
      reset(valuesOf(answer.department));
      onSaved(answer.department);
      void departmentsChanged();
    },
  });
  const save = submitWith((values) =>
    saveDepartment.mutateAsync({ params: { companyId, departmentId: department?.id ?? 0 }, body: values }),
  );

  const deleteDepartment = useApiMutation(API.superAdminDepartments.delete, {
    loader: true,
    success: (answer) => answer.message,
    onSuccess: () => {
      onRemoved();
      void departmentsChanged();
    },
  });
  const remove = async () => {
    if (!department) return onRemoved();
    if (!(await confirm(departmentDeleteQuestion(department.name), { confirmLabel: 'Delete' }))) return;
    deleteDepartment.mutate({ params: { id: department.id } });
  };

  return (
    <tr className={Object.keys(errors).length ? 'row-invalid' : undefined}>
      <td>
        <input aria-label={`Name of ${name} department`} {...register('name')} />
        <CellError message={errors.name?.message} />
      </td>
      <td>
        <input aria-label={`Description of ${name} department`} {...register('description')} />
        <CellError message={errors.description?.message} />
      </td>
      <td>
        <select aria-label={`Group of ${name} department`} {...register('community_id')}>
          <option value="">None</option>
          {groups.map((group) => (
            <option key={group.id} value={group.id}>
              {group.name}
            </option>
          ))}
        </select>
        <CellError message={errors.community_id?.message} />
      </td>
      <td>
        <select aria-label={`Process of ${name} department`} {...register('contact_document_id')}>
          <option value="">None</option>
          {documents.map((doc) => (
            <option key={doc.id} value={doc.id}>
              {doc.name}
            </option>
          ))}
        </select>
        <CellError message={errors.contact_document_id?.message} />
      </td>
      <td>
        <select aria-label={`Status of ${name} department`} {...register('status')}>
          {DEPARTMENT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {statusLabel(status)}
            </option>
          ))}
        </select>
        <CellError message={errors.status?.message} />
      </td>
      <td className="cell-action">
        <TrashButton label={`Delete ${name} department`} title="Delete" onClick={() => void remove()} />
      </td>
      <td className="cell-action">
        <button
          type="button"
          className="button button-small"
          aria-label={`Save ${name} department`}
          disabled={!isDirty || isSubmitting}
          onClick={() => void save()}
        >
          Save
        </button>
      </td>
    </tr>
  );
}
