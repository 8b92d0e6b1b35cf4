import { useEffect } from 'react';
import { MESSAGES } from '@casebridge/contracts';
import { API } from '../../../lib/api-routes';
import { useApiQuery } from '../../../lib/queries';

export interface Choice {
  id: number;
  name: string;
}

/** Every company, for the host and partner selects. */
export function useCompanyChoices() {
  const companies = useApiQuery(API.superAdminCompanies.options);
  return companies.data?.companies ?? [];
}

/** The departments and live processes of the chosen company; empty until one is chosen. */
export function useCompanyProcesses(companyId: number | null) {
  const choices = useApiQuery(API.superAdminCompanies.docsAndDepts, {
    params: { id: companyId ?? 0 },
    enabled: Boolean(companyId),
  });
  // A failed load is only logged, with no alert; the selects stay empty.
  useEffect(() => {
    if (choices.error) console.error(choices.error);
  }, [choices.error]);
  const loaded = Boolean(companyId) && choices.data !== undefined;
  return {
    loaded,
    documents: loaded ? (choices.data?.documents ?? []) : [],
    departments: loaded ? (choices.data?.departments ?? []) : [],
  };
}

/**
 * The hint of the process select: it stays disabled until a host or partner is chosen and, when
 * that company has departments, until a department is chosen. Null when a process can be picked.
 */
export function processHint(companyChosen: boolean, departmentsExist: boolean, departmentChosen: boolean) {
  if (!companyChosen) return MESSAGES.choosePartnerFirst;
  if (departmentsExist && !departmentChosen) return MESSAGES.chooseDepartmentFirst;
  return null;
}
