import { useEffect, useState } from 'react';
import { MESSAGES, superAdminCompaniesApi } from '@casebridge/contracts';
import { call } from '../../../lib/api';
import { useAsync } from '../../../lib/use-async';

export interface Choice {
  id: number;
  name: string;
}

/** Every company, for the host and partner selects. */
export function useCompanyChoices() {
  const companies = useAsync(() => call(superAdminCompaniesApi.options), []);
  return companies.data?.companies ?? [];
}

/** The departments and live processes of the chosen company; empty until one is chosen. */
export function useCompanyProcesses(companyId: number | null) {
  const [state, setState] = useState<{ companyId: number | null; documents: Choice[]; departments: Choice[] }>({
    companyId: null,
    documents: [],
    departments: [],
  });
  useEffect(() => {
    let current = true;
    if (!companyId) return;
    call(superAdminCompaniesApi.docsAndDepts, { params: { id: companyId } }).then(
      (answer) => current && setState({ companyId, ...answer }),
      // Other load failures are only logged (spec 3 §8); the selects stay empty.
      (error: unknown) => console.error(error),
    );
    return () => {
      current = false;
    };
  }, [companyId]);
  const loaded = companyId !== null && state.companyId === companyId;
  return {
    loaded,
    documents: loaded ? state.documents : [],
    departments: loaded ? state.departments : [],
  };
}

/**
 * The hint of the process select (spec 3 §2.5): it stays disabled until a host or partner is chosen and, when
 * that company has departments, until a department is chosen. Null when a process can be picked.
 */
export function processHint(companyChosen: boolean, departmentsExist: boolean, departmentChosen: boolean) {
  if (!companyChosen) return MESSAGES.choosePartnerFirst;
  if (departmentsExist && !departmentChosen) return MESSAGES.chooseDepartmentFirst;
  return null;
}
