import { OUTBOUND_TARGET_MESSAGES, OutboundTargetRefused } from '@casebridge/server-core';
import type { LookupAddress, LookupOptions } from 'node:dns';
import { answerDnsNames } from '../../../test/integration/dns-answers';
import { pinnedLookup, postToUserTarget } from './user-target-http';

/** What pinnedLookup hands the socket: an error, or the addresses (all) / the one address it may connect to. */
function lookupFor(hostname: string, options: LookupOptions) {
  return new Promise<{ error: Error | null; address: string | LookupAddress[]; family?: number }>((resolve) =>
    pinnedLookup(hostname, options, (error, address, family) => resolve({ error, address, family })),
  );
}

describe('the connection lookup of user-supplied targets', () => {
  let dns: ReturnType<typeof answerDnsNames>;
  beforeAll(() => {
    dns = answerDnsNames({
      'hooks.acme.example': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
      'mixed.acme.example': ['93.184.215.14', '10.1.2.3'],
    });
  });
  afterAll(() => dns.mockRestore());

  it('hands the socket exactly the addresses it resolved and checked, in the family asked for', async () => {
    expect(await lookupFor('hooks.acme.example', { all: true })).toEqual({
      error: null,
      address: [
        { address: '93.184.215.14', family: 4 },
        { address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c', family: 6 },
      ],
      family: undefined,
    });
    expect(await lookupFor('hooks.acme.example', { family: 6 })).toEqual({
      error: null,
      address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c',
      family: 6,
    });
  });

  it('refuses the whole name when any address it resolves to is internal', async () => {
    const { error } = await lookupFor('mixed.acme.example', { all: true });
    expect(error).toBeInstanceOf(OutboundTargetRefused);
    expect((error as OutboundTargetRefused).detail).toBe('mixed.acme.example resolves to 10.1.2.3');
  });

  it('reports a refused target as a failed, unretryable result without a status code', async () => {
    const result = await postToUserTarget('https://mixed.acme.example/hook', { body: '{}', headers: {} }, () => true, {
      allowPrivateTargets: false,
    });
    expect(result).toEqual({
      ok: false,
      status: null,
      refused: true,
      error: `Refused: ${OUTBOUND_TARGET_MESSAGES.internal} (mixed.acme.example resolves to 10.1.2.3)`,
    });
  });
});
