import type { UseFormReturn } from 'react-hook-form';
import { MESSAGES } from '@casebridge/contracts';
import { SelectField } from '../../../ui/fields';
import type { GroupFormOutput, GroupFormValues } from './group-form-schema';
import { processHint, useCompanyChoices, useCompanyProcesses } from './use-host-choices';

type GroupForm = UseFormReturn<GroupFormValues, unknown, GroupFormOutput>;

const asId = (value: unknown) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : null);
const options = (items: { id: number; name: string }[]) => items.map((item) => ({ value: item.id, label: item.name }));

/**
 * Host company, department and process of the group form. The department select is offered only when the host has
 * departments ("All Departments" is the whole company); the process select waits for both.
 */
export function GroupHostFields({ form }: { form: GroupForm }) {
  const {
    register,
    watch,
    setValue,
    formState: { errors },
  } = form;
  const companies = useCompanyChoices();
  const hostId = asId(watch('sponsor_company_id'));
  const department = watch('department_id');
  const { loaded, documents, departments } = useCompanyProcesses(hostId);
  const hint = processHint(hostId !== null && loaded, departments.length > 0, department !== '' && department != null);

  const host = register('sponsor_company_id', {
    // A new host brings its own departments and processes.
    onChange: () => {
      setValue('department_id', '');
      setValue('document_id', '');
    },
  });

  return (
    <>
      <SelectField
        // Remounted when the options arrive, so the stored value is selected (the select is uncontrolled).
        key={`host-${companies.length}`}
        label="Host"
        placeholder={MESSAGES.chooseOne}
        options={options(companies)}
        error={errors.sponsor_company_id}
        {...host}
      />
      {departments.length > 0 && (
        <SelectField
          key={`department-${hostId ?? 0}`}
          label="Department"
          placeholder={MESSAGES.chooseOne}
          options={[{ value: '0', label: 'All Departments' }, ...options(departments)]}
          error={errors.department_id}
          {...register('department_id')}
        />
      )}
      <SelectField
        key={`process-${hostId ?? 0}-${loaded ? documents.length : -1}`}
        label="Process"
        placeholder={hint ?? MESSAGES.chooseOne}
        disabled={hint !== null}
        options={hint === null ? options(documents) : []}
        error={errors.document_id}
        {...register('document_id')}
      />
    </>
  );
}
