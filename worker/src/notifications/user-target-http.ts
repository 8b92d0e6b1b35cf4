import {
  checkOutboundUrl,
  OutboundTargetRefused,
  resolvePublicAddresses,
  type OutboundPolicy,
} from '@casebridge/server-core';
import type { LookupAddress, LookupOptions } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { OUTBOUND_TIMEOUT_MS, type OutboundResult } from './outbound-http';

/** Like OutboundResult; `refused` marks a target the address policy forbids, which no retry can change. */
export type UserTargetResult = OutboundResult | { ok: false; status: null; error: string; refused: true };

/**
 * POSTs to a URL that a user of the product supplied (a company webhook, a Teams channel) under the address policy:
 * the URL is checked first (IP literals connect without a lookup, so they are classified here), then the connection
 * resolves the name through `pinnedLookup`, which refuses when any resolved address is internal and hands the socket
 * only the addresses it checked, so a DNS answer that changes between check and connect cannot slip through.
 * Redirects are not followed and the answer's body is discarded. Never throws.
 */
export async function postToUserTarget(
  url: string,
  init: { body: string; headers: Record<string, string> },
  isSuccess: (status: number) => boolean,
  policy: OutboundPolicy,
): Promise<UserTargetResult> {
  try {
    const target = checkOutboundUrl(url, policy);
    const answer = await post(target.url, init, policy.allowPrivateTargets ? undefined : pinnedLookup);
    if (isSuccess(answer.status)) return { ok: true, status: answer.status };
    return { ok: false, status: answer.status, error: `HTTP ${answer.status} ${answer.statusText}`.trim() };
  } catch (error) {
    if (error instanceof OutboundTargetRefused) {
      const detail = error.detail ? ` (${error.detail})` : '';
      return { ok: false, status: null, error: `Refused: ${error.message}${detail}`, refused: true };
    }
    return { ok: false, status: null, error: error instanceof Error ? error.message : String(error) };
  }
}

function post(
  url: URL,
  init: { body: string; headers: Record<string, string> },
  lookup: LookupFunction | undefined,
): Promise<{ status: number; statusText: string }> {
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const request = send(
      url,
      {
        method: 'POST',
        headers: { ...init.headers, 'Content-Length': Buffer.byteLength(init.body) },
        lookup,
        // A fresh connection each time: a pooled socket would skip the lookup and its check.
        agent: false,
        signal: AbortSignal.timeout(OUTBOUND_TIMEOUT_MS),
      },
      (response: IncomingMessage) => {
        resolve({ status: response.statusCode ?? 0, statusText: response.statusMessage ?? '' });
        response.destroy();
      },
    );
    request.on('error', reject);
    request.end(init.body);
  });
}

/** node's `lookup` connection option: resolve, refuse if any address is internal, answer only checked addresses. */
export const pinnedLookup: LookupFunction = (hostname: string, options: LookupOptions, callback) => {
  resolvePublicAddresses(hostname).then(
    (addresses) => {
      const fitting = addresses.filter((address) => fitsFamily(address, options.family));
      if (fitting.length === 0) {
        callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
      } else if (options.all) {
        callback(null, fitting);
      } else {
        callback(null, fitting[0].address, fitting[0].family);
      }
    },
    (error: NodeJS.ErrnoException) => callback(error, '', 0),
  );
};

function fitsFamily(address: LookupAddress, family: LookupOptions['family']): boolean {
  if (family === 4 || family === 'IPv4') return address.family === 4;
  if (family === 6 || family === 'IPv6') return address.family === 6;
  return true;
}
