import { useNavigate } from 'react-router-dom';
import { routePath, superAdminDocumentsApi, type DocumentSaveBody } from '@casebridge/contracts';
import { alerts } from '../../../app/alerts-store';
import { call } from '../../../lib/api';
import { errorMessage } from '../../../lib/api-error';
import { withLoader } from '../../../ui/modal-store';
import { processesChanged } from '../back-office-changes';

/** Saves through the one save call; success goes to the company detail (spec 3 §2.10). */
export function useSaveDocument(companyId: number, documentId: number) {
  const navigate = useNavigate();
  return async (body: DocumentSaveBody) => {
    const answer = await withLoader(call(superAdminDocumentsApi.save, { params: { companyId, documentId }, body }));
    alerts.flash(answer.message, 'success');
    void processesChanged();
    void navigate(routePath('super_admin.company.detail', { company_id: companyId }));
  };
}

/** Spec 3 §8: a save error no field takes is an error alert. */
export const showSaveError = (error: unknown) => alerts.show(errorMessage(error), 'danger');
