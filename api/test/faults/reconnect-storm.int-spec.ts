import { bearer, startApi, type ApiHarness } from '../../../test/kit/api-harness';
import { aCase, aCompany, aProcess, aUser, signedIn } from '../../../test/kit/factories';
import {
  closeFollowers,
  divergent,
  openFollowers,
  waitForConvergence,
  waitForRefollow,
  type LiveFollower,
} from './support/live-followers';

/**
 * Sockets in the storm: 200 in `npm test` (the same check on a crowd that opens in seconds), 1,000 in
 * `npm run test:loads`, which sets STORM_CLIENTS.
 */
const CLIENTS = Number(process.env.STORM_CLIENTS ?? 200);
const NOTES_WHILE_AWAY = 3;

/**
 * Reconnect storm: a crowd of sockets following one case lose their connections at the same moment (their
 * transports closed, as when a proxy or the network drops them), notes are added meanwhile, and every client
 * reconnects and resyncs as the web app does. Each must end with every event exactly once, in order.
 * The bounds are generous: at full size this runs beside other heavy suites on two cores, where opening 1,000
 * sockets takes minutes rather than seconds; the test asserts and reports outcomes, never durations (timings belong
 * in bench/).
 */
describe('reconnect storm', () => {
  let api: ApiHarness;
  let followers: LiveFollower[] = [];

  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(async () => {
    closeFollowers(followers);
    await api?.close();
  }, 60_000);

  it(`${CLIENTS} sockets dropped at once all reconnect and converge on every event exactly once`, async () => {
    // An accepted case between two companies of our own: the submitter's business manager follows it on every
    // socket, the receiver's business manager posts the notes.
    const submitter = await aUser(api, { company: await aCompany(api), role: 'business_manager' });
    const receiver = await aCompany(api);
    const receiverManager = await aUser(api, { company: receiver, role: 'business_manager' });
    const kase = await aCase(api, {
      from: submitter,
      to: await aProcess(api, { company: receiver }),
      status: 'accepted',
    });
    const followerToken = await signedIn(api, submitter);
    const noteToken = await signedIn(api, receiverManager);
    const postNote = (summary: string) =>
      api
        .http()
        .post(`/api/caller/case/${kase.token}/note`)
        .set(bearer(noteToken))
        .send({ summary, description: '' })
        .expect(200);

    followers = await openFollowers(api.url, followerToken, kase.token, CLIENTS, 300_000);
    const startSeq = followers[0].lastSeq ?? 0;
    await postNote('Before the storm');
    expect(await waitForConvergence(followers, startSeq + 1, 60_000)).toBe(0);

    for (const follower of followers) follower.socket.io.engine.close();
    for (let index = 0; index < NOTES_WHILE_AWAY; index += 1) await postNote(`During the storm ${index + 1}`);
    const lastSeq = startSeq + 1 + NOTES_WHILE_AWAY;

    const behind = await waitForConvergence(followers, lastSeq, 300_000);
    const reconnected = CLIENTS - (await waitForRefollow(followers, 120_000));
    const recovered = followers.filter((follower) => follower.socket.recovered).length;
    const wrong = divergent(followers, startSeq, lastSeq);
    const ignored = followers.reduce((sum, follower) => sum + follower.ignored, 0);
    const retriedHandshakes = followers.reduce((sum, follower) => sum + follower.handshakeRetries, 0);
    console.log(
      `reconnect storm: ${reconnected}/${CLIENTS} reconnected and followed again (${recovered} with Socket.IO ` +
        `state recovery), ${CLIENTS - behind}/${CLIENTS} converged on seq ${lastSeq}, ${wrong.length} with a ` +
        `missing, repeated or misordered event, ${ignored} replayed copies ignored by the seq rule, ` +
        `${retriedHandshakes} handshakes the server could not check tried again`,
    );
    expect(reconnected).toBe(CLIENTS);
    expect(behind).toBe(0);
    expect(wrong).toHaveLength(0);
  }, 900_000);
});
