import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApi, type ApiHarness } from '../../../../test/kit/api-harness';

/** The headers wapiti's http_headers and csp modules asked for, on the api, the Swagger UI and the web app. */
describe('security headers', () => {
  let api: ApiHarness;
  let webDist: string;
  const STRIPE_STAND_IN = 'http://127.0.0.1:4999/v3/';

  const directives = (policy: string | undefined) =>
    new Map(
      (policy ?? '')
        .split(';')
        .map((part) => part.trim().split(/\s+/) as [string, ...string[]])
        .map(([name, ...values]) => [name, values]),
    );

  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'casebridge-web-'));
    writeFileSync(
      join(webDist, 'index.html'),
      '<!doctype html><title>web</title><script type="module" src="/a.js"></script>',
    );
    api = await startApi({ WEB_DIST: webDist, STRIPE_JS_URL: STRIPE_STAND_IN });
  }, 120_000);
  afterAll(async () => {
    await api?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('sends nosniff, no framing and a same-origin referrer policy on every kind of answer', async () => {
    for (const path of ['/api/health', '/api/no-such-route', '/my-cases/abc', '/api/docs/']) {
      const answer = await api.http().get(path);
      expect({ path, ...answer.headers }).toMatchObject({
        path,
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'referrer-policy': 'same-origin',
      });
      expect(directives(answer.headers['content-security-policy']).get('frame-ancestors')).toEqual(["'none'"]);
    }
  });

  it('asks for HTTPS only on answers that came through HTTPS (a proxy on loopback)', async () => {
    const plain = await api.http().get('/api/health').expect(200);
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const proxied = await api.http().get('/api/health').set('X-Forwarded-Proto', 'https').expect(200);
    expect(proxied.headers['strict-transport-security']).toBe('max-age=31536000');
  });

  it('forbids everything to JSON answers', async () => {
    const answer = await api.http().get('/api/health').expect(200);
    expect(directives(answer.headers['content-security-policy']).get('default-src')).toEqual(["'none'"]);
  });

  it('lets the web app run its own scripts and Stripe.js from STRIPE_JS_URL, nothing inline', async () => {
    const page = await api.http().get('/my-cases/abc').expect(200);
    expect(page.text).toContain('<title>web</title>');
    const policy = directives(page.headers['content-security-policy']);
    expect(policy.get('script-src')).toEqual(["'self'", 'http://127.0.0.1:4999']);
    expect(policy.get('frame-src')).toEqual(["'self'", 'http://127.0.0.1:4999']);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('script-src')).not.toContain("'unsafe-inline'");
  });

  it('keeps the Swagger UI working: its page has no inline script the policy would block', async () => {
    const docs = await api.http().get('/api/docs/').expect(200);
    const policy = directives(docs.headers['content-security-policy']);
    expect(policy.get('script-src')).toContain("'self'");
    const inlineScripts = [...docs.text.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].filter(
      ([, body]) => body.trim() !== '',
    );
    expect(inlineScripts).toEqual([]);
  });
});
