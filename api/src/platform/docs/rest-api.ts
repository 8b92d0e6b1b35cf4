import { API, API_TOKEN_PREFIX, type Endpoint } from '@casebridge/contracts';

/** The tag under which /api/docs groups the calls an api user's integration makes. */
export const REST_API_TAG = 'Cases (REST API for api users)';

export const REST_API_TAG_DESCRIPTION = [
  'The case calls of the member area, for integrations of users of role **api**.',
  `Authenticate with an API token (\`Authorization: Bearer ${API_TOKEN_PREFIX}...\`) created on the Integrations page`,
  '(/admin/integrations) by a company admin or the api user, or with a session access token from POST /api/auth/login.',
  'A token acts as its api user: it reaches only the cases its company submitted or received, and stops working',
  'when it is revoked or the user or company is disabled (401).',
  'Typical flow: find a partner process (company directory, documents), submit a case (collaborate), follow it',
  '(case lists, case details), add notes and attachments, update your engineer details, and answer or close it.',
].join(' ');

/**
 * The REST API of the member case calls, each with what an integration needs to know beyond its one-line summary.
 * Order is the order of a typical integration; docs tests assert that these are tagged and described.
 */
export const REST_API_ENDPOINTS: ReadonlyMap<Endpoint, string> = new Map<Endpoint, string>([
  [
    API.dashboard.directory,
    'The companies and departments of the network with `has_access`: where a case can be submitted.',
  ],
  [
    API.documents.documents,
    'The process documents of a company (`type` company) or department (`type` department) with their form fields; ' +
      'a document id is what `caller/collaborate/{documentId}` takes.',
  ],
  [API.documents.subDocuments, 'The sub-processes of a parent document, in the same shape.'],
  [API.documents.dbSelectOptions, 'The options of a database-backed select field of a process form.'],
  [
    API.documents.collaborate,
    'Submits a case to a process: the base fields and one `custom_{requirementId}` per form field. ' +
      'Every field is checked at once (422 names each), nothing is stored unless all pass. ' +
      'The answer carries the case token used by every call below.',
  ],
  [
    API.cases.list,
    '`scope` is `mine` (cases the user submitted) or `company` (all cases of the company, sent and received). ' +
      'Paged and sortable with the query parameters.',
  ],
  [API.cases.listRecent, 'As the case list, limited to the last 30 days (`days` is 30).'],
  [API.cases.myCases, 'The My Cases table: cases of the company, newest first.'],
  [
    API.cases.details,
    'One case of the caller’s company by its token: status, responses, notes feed, attachments and `controls` ' +
      '(which of the calls below are allowed now). A case of another company answers 404.',
  ],
  [API.cases.addNote, 'Adds a note (summary and/or rich-text description, sanitized) to the collaboration feed.'],
  [API.cases.updateResponse, 'The receiving company updates its engineer contact for the case.'],
  [API.cases.updateSubmission, 'The submitting company updates its engineer contact for the case.'],
  [API.cases.close, 'The submitting company closes an accepted case.'],
  [API.cases.uploadAttachment, 'Uploads files to the case (multipart: `description`, `files`).'],
  [API.cases.downloadAttachment, 'Downloads one attachment of the case.'],
  [API.cases.data, 'Extra case data for the external collaboration service.'],
  [
    API.cases.publicCase,
    'The case as its token link shows it, with the answers allowed now. Needs no authentication: the token is the key.',
  ],
  [
    API.cases.respond,
    'Changes the status by the token link: `accepted`, `information` (request information), `rejected` ' +
      '(receiving side) or `information-reply` (submitting side). A transition the status does not allow is 409.',
  ],
]);
