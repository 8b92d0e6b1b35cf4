import { Injectable } from '@nestjs/common';
import {
  CollaborateResponse,
  SAMPLE_SUBMISSION_CHECKED,
  type ManagerRequestBody,
  type ManagerRequestCreated,
} from '@casebridge/contracts';
import { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import type { Actor } from '../../platform/access/actor';
import { ValidationException } from '../../platform/common/errors';
import { sanitizeRichText } from '../../platform/common/rich-text';
import { checkCaseSubmission } from '../submission-checks';
import { AdminProcessesService, companyOf } from './admin-processes.service';
import { removeStaged, type StagedFile } from '../../platform/common/staged-files';
import { assertAcceptableFiles } from '../../cases/cases.module';

export const NOT_A_MANAGER_FORM = 'This process does not take manager requests.';
export const NO_MANAGER = 'This process has no manager to receive requests.';

/**
 * View/Test Form (admin.inbound_process.test): an admin tries the form of its own process. The submission is
 * checked by the same rules as a member's (base payload, the process's own fields, the manager form) but nothing
 * is stored, queued or pushed: no case a partner could reach, no mail, no webhook, Teams card or SLA clock.
 * The member call (caller/collaborate) refuses a company's own processes, so the test form has these calls.
 */
@Injectable()
export class ProcessSamplesService {
  constructor(
    private readonly em: EntityManager,
    private readonly processes: AdminProcessesService,
  ) {}

  async submitCase(
    actor: Actor,
    documentId: number,
    rawBody: unknown,
    files: readonly StagedFile[] = [],
  ): Promise<z.infer<typeof CollaborateResponse>> {
    return this.submitCaseFor(companyOf(actor), documentId, rawBody, files);
  }

  /** The same check for a given company's process (the back office's test page). */
  async submitCaseFor(
    companyId: number,
    documentId: number,
    rawBody: unknown,
    files: readonly StagedFile[] = [],
  ): Promise<z.infer<typeof CollaborateResponse>> {
    const doc = await this.processes.findOwn(companyId, documentId);
    const version = doc.currentVersion!;
    // One 422 names every field, by the same rules as a member's submission; files by the case page's rules. The
    // test stores nothing, so its files go as soon as they are checked.
    const { input, department } = await checkCaseSubmission(this.em, doc, rawBody);
    try {
      if (files.length > 0) await assertAcceptableFiles(files);
    } finally {
      await removeStaged(files);
    }
    return {
      message: SAMPLE_SUBMISSION_CHECKED,
      case: {
        token: '',
        internal_case_number: input.internal_case_number,
        summary: input.problem_summary,
        priority: input.case_priority,
        status: 'open',
        receiver: { name: department ? `${doc.company.name} - ${department.name}` : doc.company.name },
        created_at: new Date().toISOString(),
        escalation_instructions: sanitizeRichText(version.escalationInstructions),
        is_sample: true,
      },
    };
  }

  async submitManager(
    actor: Actor,
    documentId: number,
    body: z.output<typeof ManagerRequestBody>,
  ): Promise<z.infer<typeof ManagerRequestCreated>> {
    return this.submitManagerFor(companyOf(actor), documentId, body);
  }

  async submitManagerFor(
    companyId: number,
    documentId: number,
    body: z.output<typeof ManagerRequestBody>,
  ): Promise<z.infer<typeof ManagerRequestCreated>> {
    const doc = await this.processes.findOwn(companyId, documentId);
    if (doc.currentVersion!.documentType !== 'manager')
      throw ValidationException.forField('contact_document_id', NOT_A_MANAGER_FORM);
    if (body.contact_document_id !== doc.id)
      throw ValidationException.forField('contact_document_id', 'The form does not match the process.');
    if (body.receive_company_id !== companyId)
      throw ValidationException.forField('receive_company_id', 'The form does not match the process.');
    if (!doc.managers.getItems().some((manager) => manager.user.status === 'active'))
      throw ValidationException.forField('contact_document_id', NO_MANAGER);
    return { message: SAMPLE_SUBMISSION_CHECKED, request: { token: '', created_at: new Date().toISOString() } };
  }
}
