import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { routePath, type AdminProcessDocument, type ResponseOf } from '@casebridge/contracts';
import { API } from '../../../lib/api-routes';
import { PageFrame } from '../../../app/PageFrame';
import type { ApiTarget } from '../../../lib/mutations';
import { useApiQuery } from '../../../lib/queries';
import { RichText } from '../../../ui/RichText';
import { CaseForm } from '../../cases/submissions/CaseForm';
import { ManagerRequestForm } from '../../cases/submissions/ManagerRequestForm';
import { QueryStatus } from '../../../ui/QueryStatus';

type Sample = ResponseOf<typeof API.adminProcesses.sample>;

/**
 * /admin/inbound_process/{id}/test: View/Test Form. The admin fills the same
 * form its partners see; the submission is checked by the api like a real one but nothing is stored or mailed.
 * A parent document has no form: the api refuses it (422) and the page says so.
 */
export function ProcessTestPage() {
  const { id = '' } = useParams();
  const sample = useApiQuery(API.adminProcesses.sample, { params: { documentId: id } });

  return (
    <PageFrame title="View/Test Form">
      <nav className="breadcrumb" aria-label="Breadcrumb">
        <Link to={routePath('admin.inbound_process')}>Inbound Processes</Link>
        {sample.data && (
          <>
            {' / '}
            <Link to={routePath('admin.inbound_process.manage', { document_id: sample.data.document.id })}>
              {sample.data.document.name}
            </Link>
          </>
        )}
      </nav>
      <QueryStatus query={sample} />
      {sample.data && <SampleForm sample={sample.data} />}
    </PageFrame>
  );
}

function SampleForm({ sample }: { sample: Sample }) {
  const { document } = sample;
  // A new key mounts a fresh, empty form for another test.
  const [attempt, setAttempt] = useState(0);
  const again = (
    <>
      <button type="button" className="button" onClick={() => setAttempt((value) => value + 1)}>
        Test Again
      </button>
      <Link
        className="button button-secondary"
        to={routePath('admin.inbound_process.manage', { document_id: document.id })}
      >
        Back to Process Details
      </Link>
    </>
  );
  return (
    <section className="card" aria-labelledby="sample-form-title">
      <h2 id="sample-form-title">{document.name}</h2>
      <p className="notice notice-warning">
        This is a test of your form: submissions are checked like your partners&apos; but nothing is stored and no
        e-mail is sent.
      </p>
      <SampleBody
        key={attempt}
        document={document}
        messages={sample.messages}
        sentActions={again}
        sendCase={{ endpoint: API.adminProcesses.submitSample, params: { documentId: document.id } }}
        sendManager={{ endpoint: API.adminProcesses.submitSampleManager, params: { documentId: document.id } }}
      />
    </section>
  );
}

interface SampleBodyProps {
  document: AdminProcessDocument;
  messages: Sample['messages'];
  sentActions: ReactNode;
  /** The test calls: the company admin's own, or the back office's for any company. */
  sendCase: ApiTarget<typeof API.adminProcesses.submitSample>;
  sendManager: ApiTarget<typeof API.adminProcesses.submitSampleManager>;
}

/** The form of a process as its partners see it, sending to a test call that stores nothing. */
export function SampleBody({ document, messages, sentActions, sendCase, sendManager }: SampleBodyProps) {
  switch (document.settings.document_type) {
    case 'ticket':
    case 'solution_support':
    case 'json':
      return (
        <CaseForm
          document={document}
          target={{ type: 'company', entityId: document.company_id }}
          priority={{ priority_messages: messages, priority_locked: false }}
          sampleOnly
          sentActions={sentActions}
          sendTo={sendCase}
        />
      );
    case 'manager':
      return <ManagerRequestForm document={document} sendTo={sendManager} />;
    case 'default':
      // A static process has no form: partners read its text.
      return <RichText html={document.static_document} />;
    case 'parent':
      return <p>A parent process has no form of its own: test one of its sub-processes.</p>;
  }
}
