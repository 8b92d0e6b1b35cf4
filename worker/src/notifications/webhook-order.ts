import { caseEventJobId, QUEUES, webhookJobId, type RetryPolicies } from '@casebridge/contracts';
import type { CaseEvent, WebhookDelivery } from '@casebridge/db';
import { EntityManager } from '@mikro-orm/postgresql';
import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable } from '@nestjs/common';
import { Queue } from 'bullmq';
import { isUnfinished, parkDelay, parkJob, promoteParked, type RunningJob } from '../jobs/park-job';
import { RETRY_POLICIES } from './tokens';

/**
 * The pending first sends of one case to one endpoint before or after a seq, each with the case event it carries
 * (its job id names it). A delivery sent again on request (redelivered_at) keeps out of the order. The partial index
 * webhook_deliveries_pending_case_index serves the lookup.
 */
const pendingOfCase = (side: '<' | '>') => `
  select e.id as event_id from webhook_deliveries d
  join cases c on c.token = d.payload->>'case_token'
  join case_events e on e.case_id = c.id and e.seq = (d.payload->>'seq')::int
  where d.endpoint_id = ? and d.status = 'pending' and d.redelivered_at is null and d.id <> ?
    and d.payload->>'case_token' = ? and (d.payload->>'seq')::int ${side} ?
  order by e.seq ${side === '<' ? 'desc' : 'asc'}
  limit ?`;
const EARLIER_PENDING = pendingOfCase('<');
const LATER_PENDING = pendingOfCase('>');
/** Earlier pending deliveries looked at: normally one; more only when some were left without a job. */
const EARLIER_LOOKED_AT = 20;

/**
 * Keeps each case's webhook deliveries to an endpoint in seq order. A case event's fan-out waits for the fan-out of
 * the case's previous event, so deliveries are made in seq order; a delivery then waits while an earlier one of its
 * case to the same endpoint is still on its way (pending, its job not ended). Waiting parks the job without
 * spending an attempt; whatever ends promotes the next one, and the park's delay (WEBHOOK_ORDER_RECHECK_MS,
 * doubling up to an hour) is only the safety net. Other cases never wait. A delivery that failed for good no longer
 * holds its case back: the next one goes.
 */
@Injectable()
export class WebhookOrder {
  constructor(
    @InjectQueue(QUEUES.notifications) private readonly queue: Queue,
    @Inject(RETRY_POLICIES) private readonly retry: RetryPolicies,
  ) {}

  /** Returns once `delivery` may be sent; otherwise parks its job (throws DelayedError). */
  async waitForEarlier(em: EntityManager, delivery: WebhookDelivery, run: RunningJob): Promise<void> {
    const blocked = () => this.hasEarlierPending(em, delivery);
    if (!(await blocked())) return;
    const { case_token: caseToken, seq } = delivery.payload;
    await parkJob(
      run,
      parkDelay(run.job, this.retry.webhooks.orderRecheckMs),
      `case ${String(caseToken)} seq ${String(seq)} waits for an earlier delivery to endpoint ${delivery.endpoint.id}`,
      blocked,
    );
  }

  /** `delivery` ended (delivered, or failed for good): the next pending one of its case to the endpoint goes now. */
  async releaseNext(em: EntityManager, delivery: WebhookDelivery): Promise<void> {
    const [next] = await em.execute<{ event_id: number }[]>(LATER_PENDING, [...this.caseOf(delivery), 1]);
    if (next) await promoteParked(this.queue, webhookJobId(delivery.endpoint.id, next.event_id));
  }

  /** Returns once the fan-out of the case's previous event has ended; otherwise parks this fan-out's job. */
  async waitForPreviousFanOut(em: EntityManager, event: CaseEvent, run: RunningJob): Promise<void> {
    const blocked = async () => {
      const previous = await this.eventAt(em, event.case.id, event.seq - 1);
      return previous !== null && (await isUnfinished(this.queue, caseEventJobId(previous)));
    };
    if (!(await blocked())) return;
    await parkJob(
      run,
      parkDelay(run.job, this.retry.webhooks.orderRecheckMs),
      `case event ${event.id} waits for the fan-out of seq ${event.seq - 1}`,
      blocked,
    );
  }

  /** The fan-out of `event` ended: the fan-out of the case's next event goes now. */
  async releaseNextFanOut(em: EntityManager, event: CaseEvent): Promise<void> {
    const next = await this.eventAt(em, event.case.id, event.seq + 1);
    if (next !== null) await promoteParked(this.queue, caseEventJobId(next));
  }

  /**
   * An earlier delivery whose job has yet to end. A pending row whose job ended without deciding it (a worker that
   * died on its last attempt) would otherwise hold its case back for ever.
   */
  private async hasEarlierPending(em: EntityManager, delivery: WebhookDelivery): Promise<boolean> {
    const earlier = await em.execute<{ event_id: number }[]>(EARLIER_PENDING, [
      ...this.caseOf(delivery),
      EARLIER_LOOKED_AT,
    ]);
    for (const row of earlier) {
      if (await isUnfinished(this.queue, webhookJobId(delivery.endpoint.id, row.event_id))) return true;
    }
    return false;
  }

  private caseOf(delivery: WebhookDelivery): unknown[] {
    const { case_token: caseToken, seq } = delivery.payload;
    return [delivery.endpoint.id, delivery.id, String(caseToken), Number(seq)];
  }

  private async eventAt(em: EntityManager, caseId: number, seq: number): Promise<number | null> {
    if (seq < 1) return null;
    const [row] = await em.execute<{ id: number }[]>('select id from case_events where case_id = ? and seq = ?', [
      caseId,
      seq,
    ]);
    return row?.id ?? null;
  }
}
