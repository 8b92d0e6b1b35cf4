import type { CaseEventType } from '@casebridge/contracts';
import { appendCaseEvent, Case, CaseAttachment, Company } from '@casebridge/db';
import type { EntityManager } from '@mikro-orm/postgresql';
import { bearer } from '../../../../test/kit/api-harness';
import { aProcess, aUser, settle } from '../../../../test/kit/factories';
import { aCaseEventWorld, type CaseEventWorld } from '../../../test/case-event-world';

/**
 * Every case event carries the change as its receiver may see it (issue 16): for each event type, applying the
 * message to what each audience held gives exactly what the REST api answers it next — the submitting and the
 * receiving company's case page, a super admin's, the token page — so nothing the REST answers hide reaches a
 * socket, and nothing a page needs is missing. The list row of each company and the escalation queue row equal
 * the REST rows too. Worker-written types (attachment uploaded or failed, late) are written here through the same
 * libs/db writer and rule the worker uses. What an audience may not see (internal notes, replays):
 * case-event-visibility.int-spec.ts; the world both build: test/case-event-world.ts.
 */
describe('case events carry the change, filtered per audience (real PostgreSQL and Redis)', () => {
  let world: CaseEventWorld;

  beforeAll(async () => {
    world = await aCaseEventWorld();
  });
  afterAll(async () => {
    await world?.close();
  });

  it('every entry of a case life, for all four audiences, and the rows of both lists and the queue', async () => {
    const {
      api,
      tokens,
      receiver,
      caller,
      em,
      post,
      readPages,
      watch,
      listWatchers,
      expectListRowsMatch,
      submitCase,
      expectEveryAudienceCatchesUp,
    } = world;
    const lists = await listWatchers();
    const caseToken = await submitCase('LIVE-1');
    await expectListRowsMatch(lists, caseToken, 1);

    const watched = await watch(caseToken);
    const step = async (type: CaseEventType, act: () => Promise<unknown>) => {
      await act();
      const { submitter } = await expectEveryAudienceCatchesUp(watched, caseToken, type);
      await expectListRowsMatch(lists, caseToken, submitter.seq);
    };

    await step('information_requested', () =>
      post(`caller/case/${caseToken}/respond`, { status: 'information', next_steps: 'Send the array logs.' }).expect(
        200,
      ),
    );
    await step('information_supplied', () =>
      post(`caller/case/${caseToken}/respond`, {
        status: 'information-reply',
        additional_information: 'Logs are on the share.',
      }).expect(200),
    );
    await step('accepted', () =>
      post(`caller/case/${caseToken}/respond`, {
        status: 'accepted',
        case_number: 'GX-LIVE-1',
        engineer_name: 'Gina Globex',
        engineer_email: 'gina@globex.test',
      }).expect(200),
    );
    // The receiving company stops allowing notes: its members must not get the note (nor super admins, nor the link).
    await em().nativeUpdate(Company, receiver.id, { allowNotes: false });
    // Written past the api: its cached pages see the change once it has applied the notification.
    await settle(api);
    watched.pages = await readPages(caseToken);
    await step('note_added', () =>
      post(
        `caller/case/${caseToken}/note`,
        { summary: 'Live note', description: '<p>Seen by the submitter only.</p>' },
        tokens.submitter,
      ).expect(200),
    );
    await step('engineer_updated', () =>
      post(
        `caller/case/${caseToken}/update-response`,
        {
          case_number: 'GX-LIVE-2',
          engineer_name: 'Gus Globex',
          engineer_email: 'gus@globex.test',
        },
        tokens.receiver,
      ).expect(200),
    );
    await step('submission_updated', () =>
      post(
        `caller/case/${caseToken}/update-submission`,
        {
          case_number: 'LIVE-1B',
          engineer_name: 'Carl Jensen',
          engineer_email: caller.email,
        },
        tokens.submitter,
      ).expect(200),
    );
    await step('attachment_added', () =>
      api
        .http()
        .post(`/api/caller/case/${caseToken}/attachments`)
        .set(bearer(tokens.submitter))
        .field('description', 'Array logs')
        .attach('files', Buffer.from('%PDF-1.4 logs'), 'logs.pdf')
        .expect(200),
    );
    // Written as the worker writes them: the same libs/db writer, announced by the same rule after the commit.
    const kase = await em().findOneOrFail(Case, { token: caseToken });
    const attachment = await em().findOneOrFail(CaseAttachment, { case: kase.id });
    const asWorker = (type: CaseEventType, change: (tx: EntityManager) => Promise<unknown>, payload = {}) =>
      em().transactional(async (tx) => {
        await change(tx);
        await appendCaseEvent(tx, { caseId: kase.id, type, actorLabel: 'System', payload });
      });
    const file = { attachment_id: attachment.id, file: attachment.originalFilename };
    await step('attachment_failed', () =>
      asWorker(
        'attachment_failed',
        (tx) => tx.nativeUpdate(CaseAttachment, attachment.id, { uploadState: 'failed' }),
        file,
      ),
    );
    await step('attachment_uploaded', () =>
      asWorker(
        'attachment_uploaded',
        (tx) => tx.nativeUpdate(CaseAttachment, attachment.id, { uploadState: 'done' }),
        file,
      ),
    );
    await step('sla_late', () =>
      asWorker('sla_late', (tx) => tx.nativeUpdate(Case, kase.id, { lateAt: new Date() }), {
        late_at: new Date().toISOString(),
      }),
    );
    await step('closed', () =>
      post(`caller/case/${caseToken}/close`, { token: caseToken }, tokens.submitter).expect(200),
    );
  });

  it('a manager escalation linked to the case and its answer: members and super admins get it, the link not', async () => {
    const {
      api,
      tokens,
      receiver,
      caller,
      post,
      watch,
      listWatchers,
      expectListRowsMatch,
      submitCase,
      expectEveryAudienceCatchesUp,
    } = world;
    const manager = await aUser(api, { company: receiver, role: 'business_manager' });
    const escalation = await aProcess(api, { company: receiver, type: 'manager', managers: { main: manager } });
    const caseToken = await submitCase('LIVE-4');
    const lists = await listWatchers();
    const watched = await watch(caseToken);
    const step = async (type: CaseEventType, act: () => Promise<unknown>) => {
      await act();
      const messages = await expectEveryAudienceCatchesUp(watched, caseToken, type);
      await expectListRowsMatch(lists, caseToken, messages.submitter.seq);
      expect(messages.link.escalation).toBeUndefined();
      return messages;
    };
    let requestToken = '';
    const sent = await step('manager_request_submitted', async () => {
      const created = await post(
        'manager/request/create',
        {
          first_name: caller.firstName,
          last_name: caller.lastName,
          email: caller.email,
          internal_reference: 'ACME-LIVE-4',
          vendor_reference: 'live-4',
          business_impact: 'Replication is stalled.',
          receive_company_id: receiver.id,
          contact_document_id: escalation.id,
        },
        tokens.submitter,
      ).expect(200);
      requestToken = created.body.request.token as string;
    });
    expect(sent.receiver.escalation).toMatchObject({ process: escalation.name, answer: null });
    const answered = await step('manager_request_answered', () =>
      post(`manager/request/response/${requestToken}`, {
        first_name: 'Mia',
        last_name: 'Manager',
        email: manager.email,
        notes: 'Engineer assigned.',
      }).expect(200),
    );
    expect(answered.submitter.escalation?.answer).toMatchObject({ answered_by: 'Mia Manager' });
  });

  it('a rejection, for all four audiences', async () => {
    const { receiver, em, post, watch, submitCase, expectEveryAudienceCatchesUp } = world;
    await em().nativeUpdate(Company, receiver.id, { allowNotes: true });
    const caseToken = await submitCase('LIVE-2');
    await post(`caller/case/${caseToken}/respond`, { status: 'information', next_steps: 'Which array?' }).expect(200);
    const watched = await watch(caseToken);
    await post(`caller/case/${caseToken}/respond`, { status: 'rejected', next_steps: 'Not our product.' }).expect(200);
    await expectEveryAudienceCatchesUp(watched, caseToken, 'rejected');
  });
});
