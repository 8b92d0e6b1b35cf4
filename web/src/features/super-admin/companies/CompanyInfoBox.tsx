import { Link, useNavigate } from 'react-router-dom';
import {
  COMPANY_DELETED,
  companyDeleteConfirmation,
  LOGIN_METHOD_ADMIN_LABELS,
  routePath,
  superAdminCompaniesApi,
  type SuperAdminCompany,
} from '@casebridge/contracts';
import { alerts } from '../../../app/alerts-store';
import { call } from '../../../lib/api';
import { errorMessage } from '../../../lib/api-error';
import { invalidateEndpoints } from '../../../lib/queries';
import { useAlertModal, useConfirm, withLoader } from '../../../ui/modal-store';
import { CompanyInfoCard } from '../../admin-company/CompanyInfoCard';
import { companiesChanged } from '../back-office-changes';
import { loginPageAddress, membershipTypeLabel, statusLabel } from './company-labels';

interface CompanyInfoBoxProps {
  company: SuperAdminCompany;
  onChanged: (company: SuperAdminCompany) => void;
}

/**
 * The company info box of the back office (spec 2 "Company page": for super_admin additionally Edit,
 * Disable/Enable and Delete with confirmation). Status and delete errors are error alerts with the server message.
 */
export function CompanyInfoBox({ company, onChanged }: CompanyInfoBoxProps) {
  const navigate = useNavigate();
  const confirm = useConfirm();
  const notice = useAlertModal();
  const active = company.status === 'active';

  const toggleStatus = async () => {
    try {
      const answer = await withLoader(
        call(superAdminCompaniesApi.status, {
          params: { id: company.id },
          body: { status: active ? 'inactive' : 'active' },
        }),
      );
      alerts.show(answer.message, 'success');
      onChanged(answer.company);
      void invalidateEndpoints(superAdminCompaniesApi.list);
    } catch (error) {
      alerts.show(errorMessage(error), 'danger');
    }
  };

  /** The confirmation says what goes with the company, counted; a company that cannot go is told so first. */
  const remove = async () => {
    try {
      const summary = await withLoader(call(superAdminCompaniesApi.deleteSummary, { params: { id: company.id } }));
      if (summary.blocked) {
        await notice(summary.blocked, 'Delete Company');
        return;
      }
      const sure = await confirm(companyDeleteConfirmation(summary), {
        title: 'Delete Company',
        confirmLabel: 'Delete',
      });
      if (!sure) return;
      const answer = await withLoader(call(superAdminCompaniesApi.delete, { params: { id: company.id } }));
      alerts.flash(answer.message || COMPANY_DELETED, 'success');
      void companiesChanged();
      void navigate(routePath('super_admin.companies'));
    } catch (error) {
      alerts.show(errorMessage(error), 'danger');
    }
  };

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
          <button type="button" className="button button-secondary button-small" onClick={() => void toggleStatus()}>
            {active ? 'Disable' : 'Enable'}
          </button>
          <button type="button" className="button button-danger button-small" onClick={() => void remove()}>
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
