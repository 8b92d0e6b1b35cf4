import {
  COMPANY_ADMIN_ROLES,
  INTEGRATION_JOB_NAMES,
  integrationJobOptions,
  isAnswerAllowed,
  QUEUES,
  SANDBOX_TRIGGER_EVENTS,
  sandboxAnswer,
  sandboxAnswerJobId,
  sandboxBehaviour,
  type CaseEventType,
  type ProducedJobName,
  type RetryPolicy,
  type SandboxAnswerJob,
} from '@casebridge/contracts';
import { CaseEvent, User } from '@casebridge/db';
import { ServerConfig } from '@casebridge/server-core';
import { CreateRequestContext, MikroORM } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable } from '@nestjs/common';
import { Queue, UnrecoverableError } from 'bullmq';
import { SERVER_CONFIG } from '../config/tokens';
import { sandboxAnswerBody } from './sandbox-answers';
import { SandboxApi } from './sandbox-api';

/** 10 tries over about half an hour (2 s, 4 s, ... 17 min): an api restarting meanwhile still gets the answer. */
export const SANDBOX_RETRY: RetryPolicy = { attempts: 10, delayMs: 2000 };

/**
 * The sandbox partner (contracts/sandbox.ts). The fan-out of a test case's event queues a delayed answer job, one per
 * event (its job id); the job answers through the api's token-link routes, as a partner would, with the answer the
 * summary asks for, if the token page still allows it (a retry after an answer that got through finds it given).
 */
@Injectable()
export class SandboxPartnerService {
  private readonly api: SandboxApi;

  constructor(
    // Read by @CreateRequestContext: each job works in a fresh, forked EntityManager.
    private readonly orm: MikroORM,
    private readonly em: EntityManager,
    @InjectQueue(QUEUES.notifications)
    private readonly queue: Queue<SandboxAnswerJob, unknown, ProducedJobName<'notifications'>>,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {
    this.api = new SandboxApi(config.SANDBOX_API_URL || config.PUBLIC_URL);
  }

  /** Queues the sandbox's answer to `event` when it is one the sandbox answers; true when queued. */
  async schedule(event: CaseEvent): Promise<boolean> {
    if (!event.case.isTest || !SANDBOX_TRIGGER_EVENTS.includes(event.type as CaseEventType)) return false;
    await this.queue.add(
      INTEGRATION_JOB_NAMES.sandboxAnswer,
      { caseEventId: event.id },
      {
        ...integrationJobOptions(SANDBOX_RETRY, sandboxAnswerJobId(event.id)),
        delay: this.config.SANDBOX_ANSWER_DELAY_MS,
      },
    );
    return true;
  }

  /** The job: answers one event of a case sent to the sandbox. The outcome names what it did. */
  @CreateRequestContext()
  async answer(caseEventId: number): Promise<string> {
    const event = await this.em.findOne(CaseEvent, caseEventId, { populate: ['case.receiverCompany'] });
    if (!event) return 'gone';
    const kase = event.case;
    if (!kase.receiverCompany.isSandbox) return 'not-sandbox';
    const behaviour = sandboxBehaviour(kase.summary);
    const status = sandboxAnswer(behaviour, event.type as CaseEventType);
    if (!status) return behaviour === 'silent' ? 'silent' : 'nothing-to-answer';

    const allowed = await this.api.allowedAnswers(kase.token);
    if (!allowed) return 'gone';
    if (!isAnswerAllowed(status, allowed)) return 'already-answered';
    const engineer = await this.em.findOne(
      User,
      { company: kase.receiverCompany, status: 'active', role: { $in: [...COMPANY_ADMIN_ROLES] } },
      { orderBy: { id: 'asc' } },
    );
    if (!engineer) throw new UnrecoverableError(`the sandbox company ${kase.receiverCompany.id} has no active admin`);
    const body = sandboxAnswerBody(status, behaviour, kase.id, {
      name: engineer.fullName,
      email: engineer.email,
      phone: engineer.phone,
    });
    const result = await this.api.respond(kase.token, body);
    return result === 'answered' ? status : 'already-answered';
  }
}
