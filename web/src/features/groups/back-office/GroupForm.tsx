import { useNavigate } from 'react-router-dom';
import { routePath, type SuperAdminGroup } from '@casebridge/contracts';
import { API } from '../../../lib/api-routes';
import { alerts } from '../../../app/alerts-store';
import { useApiMutation } from '../../../lib/mutations';
import { useServerForm } from '../../../lib/use-server-form';
import { groupsChanged } from '../../back-office/back-office-changes';
import { GroupFields } from './GroupFields';
import { GROUP_FORM_FIELDS, GroupFormSchema, groupFormData, groupFormDefaults } from './group-form-schema';
import { groupDetailPath } from './use-group';

/** The group form (new when `group` is null); a save opens the group's page. */
export function GroupForm({ group }: { group: SuperAdminGroup | null }) {
  const navigate = useNavigate();
  const form = useServerForm(GroupFormSchema, {
    defaultValues: groupFormDefaults(group),
    fields: GROUP_FORM_FIELDS,
    // A group save error is an error alert (413 carries the size limit).
    errorAlert: 'danger',
  });

  const save = useApiMutation(API.superAdminGroups.save, {
    loader: true,
    handlesErrors: true,
    onSuccess: (answer) => {
      alerts.flash(answer.message, 'success');
      void groupsChanged();
      void navigate(groupDetailPath(answer.community), { replace: group !== null });
    },
  });
  const onSubmit = form.submitWith((values) =>
    save.mutateAsync({ params: { id: group?.id ?? 0 }, form: groupFormData(values) }),
  );

  const cancelTo = group ? groupDetailPath(group) : routePath('super_admin.groups');
  return (
    <form className="card group-form" onSubmit={onSubmit} noValidate>
      <GroupFields form={form} group={group} cancelTo={cancelTo} />
    </form>
  );
}
