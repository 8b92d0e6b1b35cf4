import { GROUP_NOT_FOUND, TEAMS_CONNECTED, TEAMS_LINK_CONFIRMED, TEAMS_LINK_INVALID } from '@casebridge/contracts';
import { Community } from '@casebridge/db';
import { bearer, startApi, tokenFromLink, type ApiHarness } from '../../../../test/kit/api-harness';
import { aCompany, aGroup, aSignedInUser, aSuperAdmin, signedIn } from '../../../../test/kit/factories';
import { orm } from '../../../../test/kit/member-fixtures';

describe('Teams connection links: the back-office link and the public confirmation', () => {
  let api: ApiHarness;
  let admin: string;
  let teamsGroup: Community;
  let plainGroup: Community;

  const confirm = (token: string, body: object = {}) =>
    api
      .http()
      .post(`/api/msteams/connected/${encodeURIComponent(token)}`)
      .send(body);
  const linkOf = async (groupId: number) =>
    (await api.http().get(`/api/super_admin/groups/${groupId}/msteams_connection`).set(bearer(admin)).expect(200))
      .body as { link: string; connection: { connected: boolean; group_name: string } };

  beforeAll(async () => {
    api = await startApi();
    admin = await signedIn(api, await aSuperAdmin(api));
    // A group with Teams integration (its team named) and one without.
    const teamUrl = 'https://teams.example.test/l/team/alliance';
    teamsGroup = await aGroup(api, { overrides: { msteamsIntegration: true, msteamsTeamUrl: teamUrl } });
    plainGroup = await aGroup(api);
  });

  afterAll(async () => {
    await api?.close();
  });

  it('gives a super admin the group link, which the public page confirms (valid token)', async () => {
    const { link, connection } = await linkOf(teamsGroup.id);
    expect(link).toMatch(
      new RegExp(`^http://casebridge\\.test/msteams/connected/${teamsGroup.id}\\.0\\.[A-Za-z0-9_-]{43}$`),
    );
    expect(connection).toMatchObject({ group_name: teamsGroup.name, connected: false });

    const answer = await confirm(tokenFromLink(link)).expect(200);
    expect(answer.body).toEqual({
      message: TEAMS_LINK_CONFIRMED,
      connection: {
        group_id: teamsGroup.id,
        group_name: teamsGroup.name,
        team_url: teamsGroup.msteamsTeamUrl,
        connected: false,
      },
    });
  });

  it("stores the webhook address Teams returns: the group's channel is connected, and the link is used up", async () => {
    const token = tokenFromLink((await linkOf(teamsGroup.id)).link);
    const webhook = 'https://example.webhook.office.test/webhookb2/alliance';

    // Only https addresses (a channel URL, never an internal http service); a refusal does not use the link.
    const refused = await confirm(token, { webhook_url: 'http://10.0.0.1/hook' }).expect(422);
    expect(refused.body.errors.webhook_url).toEqual(['The url must be an https:// address.']);

    const answer = await confirm(token, { webhook_url: webhook }).expect(200);
    expect(answer.body).toMatchObject({ message: TEAMS_CONNECTED, connection: { connected: true } });
    expect((await orm(api).findOneOrFail(Community, teamsGroup.id)).msteamsWebhookUrl).toBe(webhook);
    const after = await linkOf(teamsGroup.id);
    expect(after.connection.connected).toBe(true);
    expect(tokenFromLink(after.link)).not.toBe(token);

    // The page reloaded with the same address is answered as connected; any other address through the used link
    // (someone who saw the link redirecting the group's cards) is refused and changes nothing.
    await confirm(token, { webhook_url: webhook }).expect(200);
    const hijack = await confirm(token, { webhook_url: 'https://attacker.example.test/hook' }).expect(404);
    expect(hijack.body).toEqual({ error: TEAMS_LINK_INVALID });
    expect((await orm(api).findOneOrFail(Community, teamsGroup.id)).msteamsWebhookUrl).toBe(webhook);
  });

  it('connects once when the same link is posted with different addresses at the same moment', async () => {
    const token = tokenFromLink((await linkOf(teamsGroup.id)).link);
    const addresses = Array.from({ length: 5 }, (_, i) => `https://example.webhook.office.test/webhookb2/race-${i}`);
    const answers = await Promise.all(addresses.map((webhook_url) => confirm(token, { webhook_url })));
    const winners = answers.filter((answer) => answer.status === 200);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 404, 404, 404, 404]);
    const stored = (await orm(api).findOneOrFail(Community, teamsGroup.id)).msteamsWebhookUrl;
    expect(addresses[answers.indexOf(winners[0])]).toBe(stored);
  });

  it('refuses forged, malformed and switched-off links (invalid token: 404)', async () => {
    const token = tokenFromLink((await linkOf(teamsGroup.id)).link);
    const [id, version, signature] = token.split('.');
    const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    const forged = [`${id}.${version}.${flipped}`, `${plainGroup.id}.${version}.${signature}`, `${id}.${signature}`];
    for (const bad of [...forged, 'not-a-token', `${id}.`]) {
      const answer = await confirm(bad).expect(404);
      expect(answer.body).toEqual({ error: TEAMS_LINK_INVALID });
    }
    // A real link of a group without Teams integration is not a connection either.
    const plainToken = tokenFromLink((await linkOf(plainGroup.id)).link);
    await confirm(plainToken, { webhook_url: 'https://example.test/hook' }).expect(404);
    expect((await orm(api).findOneOrFail(Community, plainGroup.id)).msteamsWebhookUrl).toBeNull();
  });

  it('keeps the link to super admins (403) and answers 404 for an unknown group', async () => {
    const company = await aCompany(api);
    for (const role of ['business_manager', 'caller'] as const) {
      const { token } = await aSignedInUser(api, { company, role });
      await api
        .http()
        .get(`/api/super_admin/groups/${teamsGroup.id}/msteams_connection`)
        .set(bearer(token))
        .expect(403);
    }
    const missing = await api
      .http()
      .get('/api/super_admin/groups/999999/msteams_connection')
      .set(bearer(admin))
      .expect(404);
    expect(missing.body).toEqual({ error: GROUP_NOT_FOUND });
  });
});
