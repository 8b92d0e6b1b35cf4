import { lookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import { isInternalAddress, isInternalHostName } from './internal-addresses';

/**
 * The one rule for URLs that users of the product supply and the server then calls (company webhook endpoints,
 * Teams channel webhooks): the api applies it when the URL is registered and the worker again when it delivers,
 * to every address the name resolves to at that moment. Services the operator configures (COLLAB_SERVICE_URL...)
 * are trusted and never pass through here.
 */
export interface OutboundPolicy {
  /** OUTBOUND_ALLOW_PRIVATE_TARGETS: plain http and private or loopback hosts, for local receivers in tests. */
  allowPrivateTargets: boolean;
}

export const OUTBOUND_TARGET_MESSAGES = {
  https: 'The url must be an https:// address.',
  numericHost: 'The url must give its host as a name or a standard IP address, not as a number, hex or octal.',
  internal: 'The url must not point to a private or internal address.',
} as const;

/** A refused target: `message` is fit for the user, `detail` (what the name resolved to) only for logs. */
export class OutboundTargetRefused extends Error {
  constructor(
    message: string,
    readonly detail = '',
  ) {
    super(message);
    this.name = 'OutboundTargetRefused';
  }
}

export interface OutboundTarget {
  url: URL;
  /** The host as the parser normalised it, IPv6 without brackets. */
  host: string;
  /** An IP literal: already classified here, and connecting to it involves no lookup. */
  isAddress: boolean;
}

/**
 * The checks that need no DNS: scheme, numeric host spellings, `localhost` names and IP literals.
 * Throws OutboundTargetRefused.
 */
export function checkOutboundUrl(raw: string, policy: OutboundPolicy): OutboundTarget {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundTargetRefused(OUTBOUND_TARGET_MESSAGES.https);
  }
  const plainHttpAllowed = policy.allowPrivateTargets && url.protocol === 'http:';
  if (url.protocol !== 'https:' && !plainHttpAllowed) throw new OutboundTargetRefused(OUTBOUND_TARGET_MESSAGES.https);

  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const version = isIP(host);
  // The parser reads 2130706433, 0x7f000001, 0177.0.0.1 and 127.1 as 127.0.0.1: only the dotted form as typed
  // passes, so no spelling can slip past a reviewer or a filter that compares text.
  if (version === 4 && rawHostOf(raw) !== host) {
    throw new OutboundTargetRefused(OUTBOUND_TARGET_MESSAGES.numericHost, `${rawHostOf(raw)} is ${host}`);
  }
  const target = { url, host, isAddress: version !== 0 };
  if (policy.allowPrivateTargets) return target;
  if (target.isAddress ? isInternalAddress(host) : isInternalHostName(host)) {
    throw new OutboundTargetRefused(OUTBOUND_TARGET_MESSAGES.internal, host);
  }
  return target;
}

/**
 * Every address `hostname` resolves to now, refused as a whole when any one is internal: a name that mixes a public
 * and a private answer is not a receiver we may call. Lookup failures (ENOTFOUND...) are thrown as they are.
 */
export async function resolvePublicAddresses(hostname: string): Promise<LookupAddress[]> {
  const addresses = await lookupAll(hostname);
  const internal = addresses.filter((address) => isInternalAddress(address.address));
  if (internal.length > 0) {
    const resolved = internal.map((address) => address.address).join(', ');
    throw new OutboundTargetRefused(OUTBOUND_TARGET_MESSAGES.internal, `${hostname} resolves to ${resolved}`);
  }
  return addresses;
}

/**
 * The registration check: the message to show under the field, or null when the URL may be stored.
 * A name that does not resolve yet is accepted: DNS here may differ from the worker's, a receiver's record may not
 * be published yet, and the delivery check decides on what the name resolves to when it is called.
 */
export async function outboundTargetProblem(raw: string, policy: OutboundPolicy): Promise<string | null> {
  try {
    const target = checkOutboundUrl(raw, policy);
    if (target.isAddress || policy.allowPrivateTargets) return null;
    await resolvePublicAddresses(target.host).catch((error: unknown) => {
      if (error instanceof OutboundTargetRefused) throw error;
    });
    return null;
  } catch (error) {
    if (error instanceof OutboundTargetRefused) return error.message;
    throw error;
  }
}

/** dns.lookup (getaddrinfo, /etc/hosts included), as net.connect resolves by default. */
function lookupAll(hostname: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) => {
    lookup(hostname, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses)));
  });
}

/**
 * The host exactly as written in the URL (after the scheme's slashes, before path, query or fragment, without
 * user info and port), lower-cased. The parser accepts backslashes and missing slashes for http(s), so do we.
 */
function rawHostOf(raw: string): string {
  const afterScheme = raw.slice(raw.indexOf(':') + 1).replace(/^[/\\]+/, '');
  const authority = afterScheme.split(/[/\\?#]/, 1)[0];
  const hostAndPort = authority.slice(authority.lastIndexOf('@') + 1);
  return hostAndPort.replace(/:\d*$/, '').toLowerCase();
}
