import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { routePath } from '@casebridge/contracts';
import { API } from '../../../lib/api-routes';
import { PageFrame } from '../../../app/PageFrame';
import { useApiQuery } from '../../../lib/queries';
import { SampleBody } from '../company-admin/ProcessTestPage';
import { Breadcrumbs } from '../../../ui/Breadcrumbs';
import { companyCrumbs } from '../../companies/back-office/company-labels';
import { companyIdParam, useCompany } from '../../companies/back-office/use-company';
import { QueryStatus } from '../../../ui/QueryStatus';

const api = API.superAdminDocuments;

/**
 * /super_admin/companies/{company_id}/inbound_process/{id}/test: the super admin tries a
 * company's process with the form its partners see; the api checks it like a real request and stores nothing.
 */
export function DocumentTestPage() {
  const params = useParams();
  const companyId = companyIdParam(params.company_id);
  const documentId = companyIdParam(params.id);
  const { company } = useCompany(Number.isNaN(companyId) ? -1 : companyId);
  const sample = useApiQuery(api.sample, { params: { companyId, documentId } });
  // A new key mounts a fresh, empty form for another test.
  const [attempt, setAttempt] = useState(0);

  return (
    <PageFrame title="View/Test Form">
      <Breadcrumbs trail={companyCrumbs(company)} current="View/Test Form" />
      <QueryStatus query={sample} />
      {sample.data && (
        <section className="card" aria-labelledby="sample-form-title">
          <h2 id="sample-form-title">{sample.data.document.name}</h2>
          <p className="notice notice-warning">
            A test of this process: the request is checked like a member&apos;s but nothing is stored and no e-mail is
            sent.
          </p>
          <SampleBody
            key={attempt}
            document={sample.data.document}
            messages={sample.data.messages}
            sentActions={
              <>
                <button type="button" className="button" onClick={() => setAttempt((value) => value + 1)}>
                  Test Again
                </button>
                <Link
                  className="button button-secondary"
                  to={routePath('super_admin.document.edit', {
                    company_id: companyId,
                    document_id: documentId,
                    type: sample.data.document.settings.document_type,
                  })}
                >
                  Back to Process Details
                </Link>
              </>
            }
            sendCase={{ endpoint: api.submitSample, params: { companyId, documentId } }}
            sendManager={{ endpoint: api.submitSampleManager, params: { companyId, documentId } }}
          />
        </section>
      )}
    </PageFrame>
  );
}
