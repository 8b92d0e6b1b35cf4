import dns, { type LookupAddress, type LookupOptions } from 'node:dns';
import { isIP } from 'node:net';

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * Makes this process's resolver answer the given names with the given addresses, as a DNS server or /etc/hosts
 * would: dns.lookup is what net.connect, fetch and the outbound address policy resolve with, and the api or worker
 * under test runs in the test's process. Every other name resolves as usual. Undo with `.mockRestore()`.
 */
export function answerDnsNames(answers: Record<string, string[]>) {
  const realLookup = dns.lookup.bind(dns) as (host: string, options: LookupOptions, callback: LookupCallback) => void;
  const fake = (hostname: string, optionsOrCallback: unknown, maybeCallback?: unknown) => {
    const callback = (typeof optionsOrCallback === 'function' ? optionsOrCallback : maybeCallback) as LookupCallback;
    const options: LookupOptions =
      typeof optionsOrCallback === 'number'
        ? { family: optionsOrCallback }
        : typeof optionsOrCallback === 'object' && optionsOrCallback !== null
          ? (optionsOrCallback as LookupOptions)
          : {};
    const addresses = answers[hostname.toLowerCase()];
    if (!addresses) return realLookup(hostname, options, callback);
    const all = addresses.map((address) => ({ address, family: isIP(address) }));
    // A resolver always answers asynchronously.
    process.nextTick(() => (options.all ? callback(null, all) : callback(null, all[0].address, all[0].family)));
  };
  return jest.spyOn(dns, 'lookup').mockImplementation(fake as unknown as typeof dns.lookup);
}
