import { useNavigate } from 'react-router-dom';
import { routePath, type DocumentSaveBody } from '@casebridge/contracts';
import { API } from '../../../lib/api-routes';
import { alerts } from '../../../app/alerts-store';
import { useApiMutation } from '../../../lib/mutations';
import { processesChanged } from '../../back-office/back-office-changes';

/**
 * Saves through the one save call; success goes to the company detail. For a form's submitWith,
 * which reports the failures: a save error no field takes is an error alert (errorAlert: 'danger').
 */
export function useSaveDocument(companyId: number, documentId: number) {
  const navigate = useNavigate();
  const save = useApiMutation(API.superAdminDocuments.save, {
    loader: true,
    handlesErrors: true,
    onSuccess: (answer) => {
      alerts.flash(answer.message, 'success');
      void processesChanged();
      void navigate(routePath('super_admin.company.detail', { company_id: companyId }));
    },
  });
  return (body: DocumentSaveBody) => save.mutateAsync({ params: { companyId, documentId }, body });
}
