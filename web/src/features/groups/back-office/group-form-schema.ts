import {
  formatGroupLinks,
  GROUP_ADDENDUM_FIELD,
  GROUP_BANNER_FIELD,
  GROUP_FORM_DEFAULTS,
  GroupFormFields,
  groupFormRules,
  type SuperAdminGroup,
} from '@casebridge/contracts';
import { z } from 'zod';

/** The contract's form plus the two file inputs (FileList values), so their 422s land under them too. */
export const GroupFormSchema = GroupFormFields.extend({
  [GROUP_ADDENDUM_FIELD]: z.any().optional(),
  [GROUP_BANNER_FIELD]: z.any().optional(),
}).superRefine(groupFormRules);

export type GroupFormValues = z.input<typeof GroupFormSchema>;
export type GroupFormOutput = z.output<typeof GroupFormSchema>;

export const GROUP_FORM_FIELDS = Object.keys(GroupFormFields.shape).concat([
  GROUP_ADDENDUM_FIELD,
  GROUP_BANNER_FIELD,
]) as (keyof GroupFormValues & string)[];

const text = (value: string | number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

/** Form values of a stored group, or GROUP_FORM_DEFAULTS for a new one (selects hold strings). */
export function groupFormDefaults(group: SuperAdminGroup | null): GroupFormValues {
  return {
    name: group?.name ?? '',
    description: text(group?.description),
    type: group?.type ?? GROUP_FORM_DEFAULTS.type,
    status: group?.status ?? GROUP_FORM_DEFAULTS.status,
    sponsor_company_id: text(group?.sponsor_company_id),
    // "0" is the explicit whole-company choice, so the process select of a stored group stays enabled.
    department_id: group?.department_id ? String(group.department_id) : group?.sponsor_company_id ? '0' : '',
    document_id: text(group?.document_id),
    vhost: text(group?.vhost),
    host_email: text(group?.host_email),
    price: text(group?.price ?? GROUP_FORM_DEFAULTS.price),
    price_three_years: text(group?.price_three_years ?? GROUP_FORM_DEFAULTS.price_three_years),
    instructions: group?.instructions ?? '',
    links: formatGroupLinks(group?.links ?? []),
    force_addendum: group ? group.force_addendum === 1 : false,
    addendum_name: text(group?.addendum_name),
    registration_status_url: text(group?.registration_status_url),
    custom_sla: group ? group.custom_sla === 1 : false,
    p1_message: text(group?.p1_message),
    p2_message: text(group?.p2_message),
    p3_message: text(group?.p3_message),
    p1_response_time: text(group?.p1_response_time),
    p2_response_time: text(group?.p2_response_time),
    p3_response_time: text(group?.p3_response_time),
    msteams_integration: group ? group.msteams_integration === 1 : false,
    msteams_manager_email: text(group?.msteams_manager_email),
    msteams_team_url: text(group?.msteams_team_url),
  };
}

/** Multipart: fields (empty ones left out, so they are cleared) and the two files (addendum and banner). */
export function groupFormData(values: GroupFormOutput): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) {
    if (key === GROUP_ADDENDUM_FIELD || key === GROUP_BANNER_FIELD) continue;
    if (value === null || value === undefined || value === '') continue;
    form.append(key, String(value));
  }
  for (const field of [GROUP_ADDENDUM_FIELD, GROUP_BANNER_FIELD] as const) {
    const file = (values[field] as FileList | undefined)?.[0];
    if (file) form.append(field, file, file.name);
  }
  return form;
}
