import { MESSAGES } from '@casebridge/contracts';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { startApi, type ApiHarness } from '../../../test/kit/api-harness';
import { binary } from '../../test/export-files';
import { countRows } from '../../../test/kit/member-fixtures';
import { OnboardingClient } from '../../test/onboarding-fixtures';

describe('onboarding: agreement files, banner, and a server without a Stripe key', () => {
  let api: ApiHarness;
  let storage: string;
  let alliance: OnboardingClient;
  let cloud: OnboardingClient;

  beforeAll(async () => {
    storage = await mkdtemp(join(tmpdir(), 'casebridge-onboarding-'));
    api = await startApi({ STORAGE_DIR: storage, STRIPE_SECRET_KEY: '', STRIPE_PUBLISHABLE_KEY: 'pk_test_only' });
    alliance = await new OnboardingClient(api, 'storage-alliance').load();
    cloud = await new OnboardingClient(api, 'cloud-connect').load();
  }, 60_000);

  afterAll(async () => {
    await api?.close();
    await rm(storage, { recursive: true, force: true });
  });

  async function store(path: string, content: string): Promise<void> {
    await mkdir(dirname(join(storage, path)), { recursive: true });
    await writeFile(join(storage, path), content);
  }

  it('downloads the agreements the group names, 404 when absent or unknown', async () => {
    await store('groups/storage-alliance/code-of-conduct.pdf', '%PDF-1.4 conduct');
    await store('groups/storage-alliance/database-license.pdf', '%PDF-1.4 license');
    const conduct = await alliance.get('agreement/code_of_conduct').buffer(true).parse(binary).expect(200);
    expect(conduct.headers['content-type']).toBe('application/pdf');
    expect(conduct.headers['content-disposition']).toContain('code-of-conduct.pdf');
    expect((conduct.body as Buffer).toString()).toBe('%PDF-1.4 conduct');
    const license = await alliance.get('agreement/database_license').buffer(true).parse(binary).expect(200);
    expect((license.body as Buffer).toString()).toBe('%PDF-1.4 license');

    // Named by the group but not stored; not named by the group; not an agreement; not a group.
    await alliance.get('agreement/addendum').expect(404);
    await cloud.get('agreement/addendum').expect(404);
    await alliance.get('agreement/passwords').expect(404);
    await new OnboardingClient(api, 'nowhere').get('agreement/code_of_conduct').expect(404);
  });

  it('answers the addendum link only for a group that has one', async () => {
    expect((await alliance.get('addendum').expect(200)).body).toEqual({
      url: '/api/onboarding/storage-alliance/agreement/addendum',
    });
    expect((await cloud.get('addendum').expect(200)).body).toEqual({ url: null });
    await new OnboardingClient(api, 'nowhere').get('addendum').expect(404);
  });

  it('serves the group banner as an image that cannot run code; a stored SVG only as a download', async () => {
    await api.http().get('/resources/group_banner/storage-alliance').expect(404);
    const banner = () => api.http().get('/resources/group_banner/storage-alliance').buffer(true).parse(binary);
    // SVG is markup: whatever its name, a stored SVG is never served as an image (docs/decisions.md, uploads).
    await store('groups/storage-alliance/banner.png', '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const svg = await banner().expect(200);
    expect(svg.headers['content-type']).toBe('application/octet-stream');
    expect(svg.headers['content-disposition']).toMatch(/^attachment/);
    // A raster image is served as the image its content proves.
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    await writeFile(join(storage, 'groups/storage-alliance/banner.png'), png);
    const image = await banner().expect(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['content-security-policy']).toContain("default-src 'none'");
    expect(Buffer.compare(image.body as Buffer, png)).toBe(0);
    await api.http().get('/resources/group_banner/nowhere').expect(404);
  });

  it('answers 503 NO STRIPE KEY SET for a payment, and shows no card field, without a secret key', async () => {
    const { group } = (await alliance.get('group').expect(200)).body;
    expect(group.stripe_publishable_key).toBeNull();
    const session = await alliance.startWithContact('nokey@hooli-networks.test');
    await alliance
      .post('agreements', {
        session_token: session.token,
        agreements: { code_of_conduct: true, database_license: true, addendum: true },
      })
      .expect(200);
    const before = await countRows(api, 'onboarding_payments');
    const refused = await alliance
      .post('payment', { session_token: session.token, name_on_card: 'No Key', card_token: 'tok_visa' })
      .expect(503);
    expect(refused.body).toEqual({ error: MESSAGES.noStripeKey });
    expect(await countRows(api, 'onboarding_payments')).toBe(before);

    // A free group still works end to end.
    const free = await cloud.startWithContact('nokey@free-rider.test');
    const agreed = await cloud
      .post('agreements', { session_token: free.token, agreements: { code_of_conduct: true, database_license: true } })
      .expect(200);
    expect(agreed.body.next).toBe('process');
  });
});
