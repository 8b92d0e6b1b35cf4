import { useState, type FormEvent } from 'react';
import { MESSAGES } from '@casebridge/contracts';
import { API } from '../../../lib/api-routes';
import { ApiError, type FieldErrors } from '../../../lib/api-error';
import { showErrorAlert } from '../../../lib/mutation-errors';
import { useApiMutation } from '../../../lib/mutations';
import { Modal } from '../../../ui/Modal';
import { CancelButton } from '../../../ui/SubmitActions';
import { SelectField } from '../../../ui/fields';
import { processHint, useCompanyChoices, useCompanyProcesses } from './use-host-choices';

interface AddPartnerModalProps {
  groupId: number;
  onClose: () => void;
  onAdded: () => void;
}

const options = (items: { id: number; name: string }[]) => items.map((item) => ({ value: item.id, label: item.name }));

/** Adds a company (optionally one department) to the group with its collaboration process. */
export function AddPartnerModal({ groupId, onClose, onAdded }: AddPartnerModalProps) {
  const companies = useCompanyChoices();
  const [companyId, setCompanyId] = useState('');
  const [departmentId, setDepartmentId] = useState('');
  const [documentId, setDocumentId] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const { loaded, documents, departments } = useCompanyProcesses(companyId ? Number(companyId) : null);
  const hint = processHint(companyId !== '' && loaded, departments.length > 0, departmentId !== '');

  const addPartner = useApiMutation(API.superAdminGroups.addPartner, {
    loader: true,
    success: (answer) => answer.message,
    onSuccess: onAdded,
    // The server's field messages go under the selects; any other failure is an error alert.
    handlesErrors: true,
    onError: (error) => {
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length) setErrors(error.fieldErrors);
      else showErrorAlert(error, 'danger');
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    addPartner.mutate({
      params: { id: groupId },
      body: { company_id: companyId, document_id: documentId, department_id: departmentId || 0 },
    });
  };

  return (
    <Modal title="Add Partner" onClose={onClose}>
      <form onSubmit={onSubmit} noValidate>
        <SelectField
          label="Company"
          placeholder={MESSAGES.chooseOne}
          options={options(companies)}
          value={companyId}
          error={errors.company_id}
          onChange={(event) => {
            setCompanyId(event.target.value);
            setDepartmentId('');
            setDocumentId('');
          }}
        />
        {departments.length > 0 && (
          <SelectField
            label="Department"
            placeholder={MESSAGES.chooseOne}
            options={[{ value: '0', label: 'All Departments' }, ...options(departments)]}
            value={departmentId}
            error={errors.department_id}
            onChange={(event) => setDepartmentId(event.target.value)}
          />
        )}
        <SelectField
          label="Collaboration Process"
          placeholder={hint ?? MESSAGES.chooseOne}
          disabled={hint !== null}
          options={hint === null ? options(documents) : []}
          value={documentId}
          error={errors.document_id}
          onChange={(event) => setDocumentId(event.target.value)}
        />
        <div className="form-actions">
          <CancelButton onClick={onClose} />
          <button type="submit" className="button" disabled={addPartner.isPending}>
            Add Partner
          </button>
        </div>
      </form>
    </Modal>
  );
}
