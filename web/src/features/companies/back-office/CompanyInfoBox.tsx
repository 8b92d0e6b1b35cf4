import { Link, useNavigate } from 'react-router-dom';
import {
  COMPANY_DELETED,
  companyDeleteConfirmation,
  LOGIN_METHOD_ADMIN_LABELS,
  routePath,
  type SuperAdminCompany,
} from '@casebridge/contracts';
import { API } from '../../../lib/api-routes';
import { alerts } from '../../../app/alerts-store';
import { useApiMutation } from '../../../lib/mutations';
import { useAlertModal, useConfirm } from '../../../ui/modal-store';
import { CompanyInfoCard } from '../company-admin/CompanyInfoCard';
import { companiesChanged } from '../../back-office/back-office-changes';
import { loginPageAddress, membershipTypeLabel, statusLabel } from './company-labels';

interface CompanyInfoBoxProps {
  company: SuperAdminCompany;
  onChanged: (company: SuperAdminCompany) => void;
}

/**
 * The company info box of the back office (the company admin's box, plus for super_admin Edit,
 * Disable/Enable and Delete with confirmation). Status and delete errors are error alerts with the server message.
 */
export function CompanyInfoBox({ company, onChanged }: CompanyInfoBoxProps) {
  const navigate = useNavigate();
  const confirm = useConfirm();
  const notice = useAlertModal();
  const active = company.status === 'active';

  const params = { id: company.id };
  const changeStatus = useApiMutation(API.superAdminCompanies.status, {
    loader: true,
    errorAlert: 'danger',
    success: (answer) => answer.message,
    invalidates: [API.superAdminCompanies.list],
    onSuccess: (answer) => onChanged(answer.company),
  });
  const toggleStatus = () => changeStatus.mutate({ params, body: { status: active ? 'inactive' : 'active' } });

  const deleteSummary = useApiMutation(API.superAdminCompanies.deleteSummary, { loader: true, errorAlert: 'danger' });
  const deleteCompany = useApiMutation(API.superAdminCompanies.delete, {
    loader: true,
    errorAlert: 'danger',
    onSuccess: (answer) => {
      alerts.flash(answer.message || COMPANY_DELETED, 'success');
      void companiesChanged();
      void navigate(routePath('super_admin.companies'));
    },
  });

  /** The confirmation says what goes with the company, counted; a company that cannot go is told so first. */
  const remove = () =>
    deleteSummary.mutate(
      { params },
      {
        onSuccess: async (summary) => {
          if (summary.blocked) {
            await notice(summary.blocked, 'Delete Company');
            return;
          }
          const sure = await confirm(companyDeleteConfirmation(summary), {
            title: 'Delete Company',
            confirmLabel: 'Delete',
          });
          if (sure) deleteCompany.mutate({ params });
        },
      },
    );

  return (
    <CompanyInfoCard
      company={company}
      showLogo
      actions={
        <>
          <Link
            className="button button-secondary button-small"
            to={routePath('super_admin.company.registration', { company_id: company.id })}
          >
            User Registration
          </Link>
          <Link className="button button-small" to={routePath('super_admin.company.edit', { company_id: company.id })}>
            Edit
          </Link>
          <button type="button" className="button button-secondary button-small" onClick={toggleStatus}>
            {active ? 'Disable' : 'Enable'}
          </button>
          <button type="button" className="button button-danger button-small" onClick={remove}>
            Delete
          </button>
        </>
      }
      summary={
        <>
          <dt>Status</dt>
          <dd>{statusLabel(company.status)}</dd>
          <dt>Membership Type</dt>
          <dd>{membershipTypeLabel(company.membership_type)}</dd>
          <dt>Login Method</dt>
          <dd>{LOGIN_METHOD_ADMIN_LABELS[company.login_method]}</dd>
          <dt>Login Page</dt>
          <dd>
            <a href={loginPageAddress(company.slug)}>{loginPageAddress(company.slug)}</a>
          </dd>
        </>
      }
    />
  );
}
