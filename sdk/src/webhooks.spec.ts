import { webhookSignatureHeader } from '@casebridge/server-core';
import { signWebhook, verifyWebhook, WebhookVerificationError, webhooks, type WebhookFailure } from './webhooks';

describe('webhook signatures', () => {
  const secret = 'whsec_current';
  const previous = 'whsec_previous';
  const body = JSON.stringify({ id: 'evt_1', type: 'submitted', case_token: 'abc' });
  const t = 1_700_000_000;
  const at = (seconds: number) => ({ now: seconds * 1000 });

  const failure = (run: () => unknown): WebhookFailure | undefined => {
    try {
      run();
    } catch (error) {
      if (error instanceof WebhookVerificationError) return error.reason;
      throw error;
    }
    return undefined;
  };

  it('signs exactly as the server does, one v1 per secret', () => {
    expect(signWebhook(secret, body, t)).toBe(webhookSignatureHeader([secret], body, t));
    expect(signWebhook([secret, previous], body, t)).toBe(webhookSignatureHeader([secret, previous], body, t));
    expect(signWebhook(secret, Buffer.from(body), t)).toBe(signWebhook(secret, body, t));
  });

  it('accepts a valid delivery and returns its parsed body, with any header casing or a Buffer body', () => {
    const header = signWebhook(secret, body, t);
    expect(verifyWebhook(body, { 'casebridge-signature': header }, [secret], at(t))).toEqual(JSON.parse(body));
    expect(webhooks.verify(Buffer.from(body), { 'Casebridge-Signature': header }, [secret], at(t + 299))).toEqual(
      JSON.parse(body),
    );
    const fetchHeaders = new Headers({ 'Casebridge-Signature': header });
    expect(verifyWebhook(body, fetchHeaders, [secret], { now: new Date((t - 300) * 1000) })).toEqual(JSON.parse(body));
  });

  it('refuses a stale or future timestamp, with a tolerance that can be set', () => {
    const headers = { 'casebridge-signature': signWebhook(secret, body, t) };
    expect(failure(() => verifyWebhook(body, headers, [secret], at(t + 301)))).toBe('stale_timestamp');
    expect(failure(() => verifyWebhook(body, headers, [secret], at(t - 301)))).toBe('stale_timestamp');
    expect(failure(() => verifyWebhook(body, headers, [secret], { ...at(t + 600), toleranceSeconds: 600 }))).toBe(
      undefined,
    );
  });

  it('refuses a tampered body, a signature of another time, or a wrong secret', () => {
    const headers = { 'casebridge-signature': signWebhook(secret, body, t) };
    expect(failure(() => verifyWebhook(body.replace('abc', 'abd'), headers, [secret], at(t)))).toBe(
      'no_matching_signature',
    );
    const moved = { 'casebridge-signature': headers['casebridge-signature'].replace(`t=${t}`, `t=${t + 1}`) };
    expect(failure(() => verifyWebhook(body, moved, [secret], at(t)))).toBe('no_matching_signature');
    expect(failure(() => verifyWebhook(body, headers, ['whsec_other'], at(t)))).toBe('no_matching_signature');
    expect(failure(() => verifyWebhook(body, headers, [], at(t)))).toBe('no_matching_signature');
  });

  it('during a rotation, accepts when any signature matches any secret', () => {
    const headers = { 'casebridge-signature': signWebhook([secret, previous], body, t) };
    expect(verifyWebhook(body, headers, [previous], at(t))).toEqual(JSON.parse(body));
    expect(verifyWebhook(body, headers, ['whsec_other', secret], at(t))).toEqual(JSON.parse(body));
    // A receiver that switched first, before the server signs with the new secret.
    const oldOnly = { 'casebridge-signature': signWebhook(previous, body, t) };
    expect(verifyWebhook(body, oldOnly, [secret, previous], at(t))).toEqual(JSON.parse(body));
  });

  it('refuses a missing or malformed header', () => {
    const v1 = `v1=${'ab'.repeat(32)}`;
    expect(failure(() => verifyWebhook(body, {}, [secret], at(t)))).toBe('missing_header');
    expect(failure(() => verifyWebhook(body, { 'casebridge-signature': '' }, [secret], at(t)))).toBe('missing_header');
    for (const header of [
      'garbage',
      `t=${t}`,
      v1,
      `t=soon,${v1}`,
      `t=${t},v1=xyz`,
      `t=${t},t=${t},${v1}`,
      `t=${t},v1`,
    ]) {
      expect([header, failure(() => verifyWebhook(body, { 'casebridge-signature': header }, [secret], at(t)))]).toEqual(
        [header, 'malformed'],
      );
    }
    // Unknown schemes are skipped, not refused.
    const header = `${signWebhook(secret, body, t)},v2=${'cd'.repeat(32)}`;
    expect(verifyWebhook(body, { 'casebridge-signature': header }, [secret], at(t))).toEqual(JSON.parse(body));
  });

  it('says why in the message', () => {
    expect(() => verifyWebhook(body, {}, [secret], at(t))).toThrow(/Casebridge-Signature header is missing/);
  });
});
