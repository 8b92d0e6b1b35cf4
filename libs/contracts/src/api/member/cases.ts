import { z } from 'zod';
import { CASE_STATUSES } from '../../constants/cases';
import { LIMITS } from '../../constants/limits';
import { optionalText, SuccessBody } from '../common';
import { endpoint } from '../endpoint';
import { CaseNoteBody, CloseCaseBody, RespondBody, UpdateEngineerBody } from './case-answers';
import {
  CASE_ATTACHMENT_FILES,
  CaseAttachmentShape,
  CaseDetail,
  CaseNoteShape,
  PublicCaseResponse,
} from './case-detail';
import { AssignCaseBody, CaseAssignee, CaseAssigneeOptions } from './case-assignment';
import { CaseList, CaseListQuery } from './case-lists';

// The case endpoints of the member api; their schemas are in case-lists.ts, case-detail.ts and case-answers.ts.

export const caseApi = {
  list: endpoint({
    method: 'GET',
    path: 'caller/get-cases/:scope',
    access: 'user',
    summary: 'Cases of the user (mine) or the company, paged',
    query: CaseListQuery,
    response: CaseList,
  }),
  listRecent: endpoint({
    method: 'GET',
    path: 'caller/get-cases/:scope/:days',
    access: 'user',
    summary: 'Cases of the last 30 days (days is 30)',
    query: CaseListQuery,
    response: CaseList,
  }),
  inboundActionCount: endpoint({
    method: 'GET',
    path: 'caller/cases/inbound-action-count',
    access: 'user',
    summary: 'How many inbound cases of the company wait for its move (the dashboard count)',
    response: z.object({ total: z.number() }),
  }),
  myCases: endpoint({
    method: 'GET',
    path: 'caller/my-cases',
    access: 'user',
    summary: 'The My Cases table',
    query: CaseListQuery,
    response: z.object({ my_cases: CaseList }),
  }),
  details: endpoint({
    method: 'GET',
    path: 'caller/case-details/:token',
    access: 'user',
    summary: 'A case of the user’s company, with feed and controls',
    response: z.object({ case: CaseDetail }),
  }),
  publicCase: endpoint({
    method: 'GET',
    path: 'caller/case/:token',
    access: 'public',
    summary: 'A case by its token link',
    response: PublicCaseResponse,
  }),
  respond: endpoint({
    method: 'POST',
    path: 'caller/case/:token/respond',
    access: 'public',
    summary: 'Answer a case by its token link (accept, request information, reject, supply information)',
    body: RespondBody,
    response: z.object({ message: z.string(), status: z.enum(CASE_STATUSES) }),
  }),
  updateResponse: endpoint({
    method: 'POST',
    path: 'caller/case/:token/update-response',
    access: 'user',
    summary: 'The receiver updates its engineer details',
    body: UpdateEngineerBody,
    response: SuccessBody,
  }),
  updateSubmission: endpoint({
    method: 'POST',
    path: 'caller/case/:token/update-submission',
    access: 'user',
    summary: 'The submitter updates its engineer details',
    body: UpdateEngineerBody,
    response: SuccessBody,
  }),
  addNote: endpoint({
    method: 'POST',
    path: 'caller/case/:token/note',
    idempotent: 'key',
    access: 'user',
    summary: 'Add a note to the collaboration feed',
    body: CaseNoteBody,
    response: z.object({ note: CaseNoteShape }),
  }),
  close: endpoint({
    method: 'POST',
    path: 'caller/case/:token/close',
    access: 'user',
    summary: 'The submitter closes an accepted case',
    body: CloseCaseBody,
    response: SuccessBody,
  }),
  data: endpoint({
    method: 'GET',
    path: 'caller/case/:token/data/:companyId',
    access: 'user',
    summary: 'Extra case data for the external collaboration service',
    response: z.object({ domain: z.string().nullable(), password: z.string().nullable() }),
  }),
  assigneeOptions: endpoint({
    method: 'GET',
    path: 'caller/case/:token/assignees',
    access: 'user',
    summary: "The users the viewer's side may assign the case to",
    response: CaseAssigneeOptions,
  }),
  assign: endpoint({
    method: 'POST',
    path: 'caller/case/:token/assignee',
    access: 'user',
    summary: "Assign the case to a user of the viewer's side (null: nobody)",
    body: AssignCaseBody,
    response: z.object({ assignee: CaseAssignee.nullable() }),
  }),
  uploadAttachment: endpoint({
    method: 'POST',
    path: 'caller/case/:token/attachments',
    access: 'user',
    summary: 'Attach files to a case (multipart: description, files)',
    multipart: true,
    fileField: CASE_ATTACHMENT_FILES,
    body: z.object({ description: optionalText(LIMITS.summaryMax, 'The description') }),
    response: z.object({ attachments: z.array(CaseAttachmentShape) }),
  }),
  downloadAttachment: endpoint({
    method: 'GET',
    path: 'caller/case/:token/attachments/:id',
    access: 'user',
    summary: 'Download a case attachment',
    response: z.unknown(),
    file: true,
  }),
} as const;
