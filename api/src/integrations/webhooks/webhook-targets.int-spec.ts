import { Community, WebhookEndpoint } from '@casebridge/db';
import { answerDnsNames } from '../../../../test/integration/dns-answers';
import { bearer, startApi, tokenFromLink, type ApiHarness } from '../../../../test/kit/api-harness';
import { aCompany, aGroup, aSignedInUser, aSuperAdmin, signedIn } from '../../../../test/kit/factories';
import { orm } from '../../../../test/kit/member-fixtures';

const https = 'The url must be an https:// address.';
const numericHost = 'The url must give its host as a name or a standard IP address, not as a number, hex or octal.';
const internal = 'The url must not point to a private or internal address.';

/** URLs a company admin or a Teams link holder may try, and the message the api answers under the field. */
const REFUSED: ReadonlyArray<readonly [string, string]> = [
  // The examples.
  ['https://169.254.169.254/latest/meta-data/iam/', internal],
  ['https://10.0.0.1/', internal],
  ['https://[::1]/', internal],
  ['https://0x7f000001/', numericHost],
  ['http://127.0.0.1:1080/email', https],
  // Other spellings and ranges.
  ['https://2130706433/', numericHost],
  ['https://0177.0.0.1/', numericHost],
  ['https://127.1/', numericHost],
  ['https://127.0.0.1:6379/', internal],
  ['https://0.0.0.0/', internal],
  ['https://100.64.0.1/', internal],
  ['https://172.16.5.4/', internal],
  ['https://192.168.1.1/', internal],
  ['https://224.0.0.1/', internal],
  ['https://[::ffff:127.0.0.1]/', internal],
  ['https://[fe80::1]/', internal],
  ['https://[fd00::1]/', internal],
  // Names of this machine, and names whose DNS answer is internal (any one of its addresses).
  ['https://localhost/hooks', internal],
  ['https://api.localhost/hooks', internal],
  ['http://localhost:8080/hooks', https],
  ['https://intranet.acme.example/hooks', internal],
  ['https://mixed.acme.example/hooks', internal],
];

describe('user-supplied outbound URLs are refused at registration when they point inside (SSRF)', () => {
  let api: ApiHarness;
  let companyAdmin: string;
  let companyId: number;
  let dns: ReturnType<typeof answerDnsNames>;

  beforeAll(async () => {
    // The operator setting is off, as in production.
    api = await startApi({ OUTBOUND_ALLOW_PRIVATE_TARGETS: 'false' });
    const company = await aCompany(api);
    companyId = company.id;
    companyAdmin = (await aSignedInUser(api, { company, role: 'business_manager' })).token;
    dns = answerDnsNames({
      'intranet.acme.example': ['10.20.30.40'],
      'mixed.acme.example': ['93.184.215.14', '192.168.7.7'],
      'hooks.acme.example': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
    });
  });
  afterAll(async () => {
    dns?.mockRestore();
    await api?.close();
  });

  const create = (url: string) => api.http().post('/api/webhooks').set(bearer(companyAdmin)).send({ url });
  const storedUrls = async () =>
    (await orm(api).find(WebhookEndpoint, { company: companyId })).map((endpoint) => endpoint.url);

  it('answers 422 under url for each internal address or spelling, and stores none of them', async () => {
    const answers: Array<[string, number, unknown]> = [];
    for (const [url] of REFUSED) {
      const response = await create(url);
      answers.push([url, response.status, response.body.errors]);
    }
    expect(answers).toEqual(REFUSED.map(([url, message]) => [url, 422, { url: [message] }]));
    const stored = await storedUrls();
    expect(REFUSED.filter(([url]) => stored.includes(url))).toEqual([]);
  });

  it('accepts https to a public address, a name resolving only to public addresses, and a name not found yet', async () => {
    for (const url of [
      'https://93.184.215.14/casebridge',
      'https://hooks.acme.example/casebridge',
      // Not resolvable here (no DNS for .test); the worker checks what it resolves to when it delivers.
      'https://hooks.acme.test/casebridge',
    ]) {
      const response = await create(url);
      expect([url, response.status]).toEqual([url, 200]);
    }
    // The name was looked up: registration judges a name by what it resolves to.
    expect(dns).toHaveBeenCalledWith('hooks.acme.example', expect.anything(), expect.any(Function));
  });

  it('refuses an internal Teams webhook address given through a valid connection link (422 under webhook_url)', async () => {
    const admin = await signedIn(api, await aSuperAdmin(api));
    const group = await aGroup(api, { overrides: { msteamsIntegration: true } });
    const { body } = await api
      .http()
      .get(`/api/super_admin/groups/${group.id}/msteams_connection`)
      .set(bearer(admin))
      .expect(200);
    const token = tokenFromLink((body as { link: string }).link);
    for (const [webhookUrl, message] of [
      ['https://169.254.169.254/latest/meta-data/', internal],
      ['https://intranet.acme.example/webhookb2/x', internal],
      ['https://0x7f000001/webhookb2/x', numericHost],
    ]) {
      const refused = await api
        .http()
        .post(`/api/msteams/connected/${encodeURIComponent(token)}`)
        .send({ webhook_url: webhookUrl });
      expect([webhookUrl, refused.status, refused.body.errors]).toEqual([webhookUrl, 422, { webhook_url: [message] }]);
    }
    expect((await orm(api).findOneOrFail(Community, group.id)).msteamsWebhookUrl).toBeNull();
  });
});
