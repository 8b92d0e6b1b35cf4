import { applyCaseEventToDetail, CaseEventMessage } from '@casebridge/contracts';
import { Company } from '@casebridge/db';
import { aUser, settle } from '../../../../test/kit/factories';
import { collect, followCase } from '../../../test/live-clients';
import { aCaseEventWorld, type CaseEventWorld } from '../../../test/case-event-world';

/**
 * What a case event does not carry to an audience (issues 16 and 28): an internal note reaches its author's company
 * only, live, in the list rows and in a replay; and a follower who was away replays the missed entries as its
 * audience sees them (the token page no notes and no controls). Each audience's message still gives its next REST
 * answer. The world is the one of case-event-payloads.int-spec.ts (test/case-event-world.ts).
 */
describe('case events an audience may not see, live and replayed (real PostgreSQL and Redis)', () => {
  let world: CaseEventWorld;

  beforeAll(async () => {
    world = await aCaseEventWorld();
  });
  afterAll(async () => {
    await world?.close();
  });

  it("an internal note from each side: its own company gets it; the partner, super admins and the token page don't", async () => {
    const {
      api,
      tokens,
      receiver,
      em,
      post,
      open,
      readPages,
      watch,
      listWatchers,
      expectListRowsMatch,
      submitCase,
      acceptAsGina,
      expectEveryAudienceCatchesUp,
    } = world;
    await em().nativeUpdate(Company, receiver.id, { allowNotes: true });
    await settle(api);
    const caseToken = await submitCase('LIVE-5');
    await acceptAsGina(caseToken);
    const lists = await listWatchers();
    const watched = await watch(caseToken);
    const internalSeqs: number[] = [];

    for (const [author, partner] of [
      ['submitter', 'receiver'],
      ['receiver', 'submitter'],
    ] as const) {
      const note = { summary: `Internal to the ${author}`, visibility: 'internal' };
      await post(`caller/case/${caseToken}/note`, note, tokens[author]).expect(200);
      // The author's company gets the entry with its note, and applying it gives its next page exactly.
      const own = CaseEventMessage.parse(await watched.events[author].next((m) => m.type === 'note_added'));
      expect(own.note).toMatchObject(note);
      const next = await readPages(caseToken);
      expect(applyCaseEventToDetail(watched.pages[author].case, own)).toEqual(next[author].case);
      expect(next[partner].case.notes.map((note) => note.summary)).not.toContain(`Internal to the ${author}`);
      internalSeqs.push(own.seq);

      // Then an entry every audience sees, applied by the others to the page they held before the internal note
      // (their seq jumps over it). The internal entry's messages were published before it, in order through the
      // same adapter, so an audience that has this one would already hold the internal one.
      watched.pages[author] = next[author];
      await post(`caller/case/${caseToken}/note`, { summary: `For both, from the ${author}` }, tokens[author]).expect(
        200,
      );
      const shared = await expectEveryAudienceCatchesUp(watched, caseToken, 'note_added');
      expect(shared[partner].note).toMatchObject({ summary: `For both, from the ${author}`, visibility: 'partner' });
      await expectListRowsMatch(lists, caseToken, shared.submitter.seq);
      for (const audience of [partner, 'staff', 'link'] as const) {
        expect(watched.events[audience].kept.map((message) => message.seq)).not.toContain(own.seq);
      }
      // No list row for the partner company, nor a queue row: nothing it sees changed.
      expect(lists[partner].kept.map((message) => message.seq)).not.toContain(own.seq);
      const queueSeqs = lists.queue.kept.map((message) => ('seq' in message ? message.seq : null));
      expect(queueSeqs).not.toContain(own.seq);
    }

    // A follower who was away replays its side's entries only: the seq has gaps where the other's internal notes are.
    const [bySubmitter, byReceiver] = internalSeqs;
    for (const [auth, own] of [
      [{ token: tokens.submitter }, [bySubmitter]],
      [{ token: tokens.receiver }, [byReceiver]],
      [{ token: tokens.admin }, []],
      [{ case_token: caseToken }, []],
    ] as const) {
      const replay = await followCase(await open(auth), caseToken, 0);
      if (!replay.ok) throw new Error(replay.error);
      const seqs = replay.missed.map((message) => message.seq);
      expect(internalSeqs.filter((seq) => seqs.includes(seq))).toEqual(own);
    }
  });

  it('a follower who was away replays the missed entries as its audience sees them', async () => {
    const { tokens, post, open, submitCase, acceptAsGina } = world;
    const caseToken = await submitCase('LIVE-3');
    await acceptAsGina(caseToken);
    await post(`caller/case/${caseToken}/note`, { summary: 'While you were away' }, tokens.receiver).expect(200);
    const link = await open({ case_token: caseToken });
    const replay = await followCase(link, caseToken, 0);
    if (!replay.ok) throw new Error(replay.error);
    expect(replay.complete).toBe(true);
    expect(replay.missed.map((message) => message.type)).toEqual(['submitted', 'accepted', 'note_added']);
    // The token page gets no notes, and no member controls.
    for (const message of replay.missed) {
      expect(CaseEventMessage.parse(message).note).toBeUndefined();
      expect(message.controls).toBeUndefined();
    }
    const member = await open({ token: tokens.submitter });
    const memberReplay = await followCase(member, caseToken, 0);
    if (!memberReplay.ok) throw new Error(memberReplay.error);
    expect(memberReplay.missed.at(-1)?.note).toMatchObject({ summary: 'While you were away' });
  });

  it('the assigning side gets the entry with its owner and its row; the partner, super admins and the link get nothing', async () => {
    const { api, tokens, receiver, post, open, readPages, watch, submitCase } = world;
    const owner = await aUser(api, { company: receiver, role: 'caller', label: 'Owner' });
    const caseToken = await submitCase('LIVE-OWNER');
    const watched = await watch(caseToken);
    const receiverList = collect(await open({ token: tokens.receiver }), 'cases.changed');

    await post(`caller/case/${caseToken}/assignee`, { user_id: owner.id }, tokens.receiver).expect(200);
    const own = CaseEventMessage.parse(await watched.events.receiver.next((m) => m.type === 'assigned'));
    const named = { id: owner.id, full_name: owner.fullName };
    expect(own.assigned_to).toEqual(named);
    expect(own.case.assignee).toEqual(named);
    const next = await readPages(caseToken);
    expect(applyCaseEventToDetail(watched.pages.receiver.case, own)).toEqual(next.receiver.case);
    expect(next.receiver.case.timeline.at(-1)).toMatchObject({ type: 'assigned', assigned_to: named });
    expect(next.submitter.case.assignee).toBeNull();
    expect(next.submitter.case.timeline.map((entry) => entry.type)).not.toContain('assigned');
    const row = await receiverList.next((m) => m.case_token === caseToken && m.seq === own.seq);
    expect(row.row.assignee).toEqual(named);

    // An entry every audience sees comes after it: nobody else ever got the assignment's seq.
    await post(`caller/case/${caseToken}/respond`, {
      status: 'accepted',
      engineer_name: 'Gina',
      engineer_email: 'gina@globex.test',
    }).expect(200);
    // Each side's header names its own owner (the submitter has none); super admins and the link get no owner.
    for (const [audience, assignee] of [
      ['submitter', null],
      ['staff', undefined],
      ['link', undefined],
    ] as const) {
      const accepted = await watched.events[audience].next((m) => m.type === 'accepted');
      expect(accepted.case.assignee).toBe(assignee);
      expect(watched.events[audience].kept.map((message) => message.seq)).not.toContain(own.seq);
    }
  });
});
