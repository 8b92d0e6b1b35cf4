import { isInternalAddress, isInternalHostName } from './internal-addresses';
import {
  checkOutboundUrl,
  OUTBOUND_TARGET_MESSAGES,
  OutboundTargetRefused,
  resolvePublicAddresses,
  type OutboundPolicy,
} from './outbound-targets';

const strict: OutboundPolicy = { allowPrivateTargets: false };
const localReceivers: OutboundPolicy = { allowPrivateTargets: true };

/** The message checkOutboundUrl refuses with, or null when it lets the URL through. */
function refusalOf(url: string, policy: OutboundPolicy = strict): string | null {
  try {
    checkOutboundUrl(url, policy);
    return null;
  } catch (error) {
    if (error instanceof OutboundTargetRefused) return error.message;
    throw error;
  }
}

describe('isInternalAddress', () => {
  it.each([
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', '"this network"'],
    ['10.0.0.1', 'private 10/8'],
    ['100.64.0.1', 'CGNAT'],
    ['100.127.255.255', 'CGNAT upper end'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback upper end'],
    ['169.254.169.254', 'link-local (cloud metadata)'],
    ['172.16.0.1', 'private 172.16/12'],
    ['172.31.255.255', 'private 172.16/12 upper end'],
    ['192.0.0.8', 'IETF protocol assignments'],
    ['192.0.2.10', 'documentation'],
    ['192.168.1.1', 'private 192.168/16'],
    ['198.18.0.1', 'benchmarking'],
    ['198.19.255.255', 'benchmarking upper end'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast (SSDP)'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'broadcast'],
    ['::', 'IPv6 unspecified'],
    ['::1', 'IPv6 loopback'],
    ['::127.0.0.1', 'deprecated IPv4-compatible'],
    ['fc00::1', 'unique local'],
    ['fd12:3456:789a::1', 'unique local (fd)'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local with a zone'],
    ['fec0::1', 'site-local'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback (dotted)'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback (hex)'],
    ['::ffff:a9fe:a9fe', 'IPv4-mapped metadata address'],
    ['64:ff9b::10.0.0.1', 'NAT64 of a private address'],
    ['64:ff9b::a9fe:a9fe', 'NAT64 of the metadata address'],
    ['64:ff9b:1::8.8.8.8', 'local-use NAT64'],
    ['2002:7f00:1::1', '6to4 of loopback'],
    ['2002:c0a8:101::1', '6to4 of 192.168.1.1'],
    ['2001:db8::1', 'IPv6 documentation'],
    ['not-an-address', 'anything unparsable'],
    ['', 'empty'],
  ])('refuses %s (%s)', (address) => {
    expect(isInternalAddress(address)).toBe(true);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.215.14',
    '100.63.255.255',
    '100.128.0.0',
    '172.15.255.255',
    '172.32.0.0',
    '192.169.0.1',
    '198.17.255.255',
    '198.20.0.0',
    '223.255.255.255',
    '2606:4700:4700::1111',
    '2001:4860:4860::8888',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
  ])('allows the public address %s', (address) => {
    expect(isInternalAddress(address)).toBe(false);
  });
});

describe('isInternalHostName', () => {
  it.each(['localhost', 'LOCALHOST', 'localhost.', 'api.localhost', 'a.b.localhost..'])('refuses %s', (name) => {
    expect(isInternalHostName(name)).toBe(true);
  });
  it.each(['hooks.example.com', 'localhost.example.com', 'mylocalhost'])('leaves %s to DNS', (name) => {
    expect(isInternalHostName(name)).toBe(false);
  });
});

describe('checkOutboundUrl', () => {
  const { https, numericHost, internal } = OUTBOUND_TARGET_MESSAGES;

  it.each([
    // The examples.
    ['https://169.254.169.254/latest/meta-data/', internal],
    ['https://10.0.0.1/', internal],
    ['https://[::1]/', internal],
    ['https://0x7f000001/', numericHost],
    ['http://127.0.0.1:1080/email', https],
    // Other spellings of loopback and private hosts.
    ['https://2130706433/', numericHost],
    ['https://0177.0.0.1/', numericHost],
    ['https://127.1/', numericHost],
    ['https://0x7f.0.0.1/', numericHost],
    ['https://127.000.000.001/', numericHost],
    ['https://127.0.0.1./', numericHost],
    ['https://%31%32%37.0.0.1/', numericHost],
    ['https://0x08080808/', numericHost],
    ['https://127.0.0.1/', internal],
    ['https://user@127.0.0.1:8443/', internal],
    ['https:\\\\127.0.0.1\\hook', internal],
    ['https://0.0.0.0/', internal],
    ['https://100.64.0.1/', internal],
    ['https://224.0.0.1/', internal],
    ['https://[::ffff:127.0.0.1]/', internal],
    ['https://[::ffff:a9fe:a9fe]/', internal],
    ['https://[fe80::1]/', internal],
    ['https://[fd00::1]/', internal],
    ['https://[64:ff9b::a9fe:a9fe]/', internal],
    ['https://localhost/hook', internal],
    ['https://LocalHost./hook', internal],
    ['https://api.localhost:8443/hook', internal],
    // Schemes.
    ['http://hooks.example.com/', https],
    ['http://localhost:8080/', https],
    ['ftp://hooks.example.com/', https],
    ['file:///etc/passwd', https],
    ['gopher://127.0.0.1:6379/_INFO', https],
    ['not a url', https],
  ])('refuses %s', (url, message) => {
    expect(refusalOf(url)).toBe(message);
  });

  it.each([
    'https://hooks.example.com/casebridge',
    'https://HOOKS.Example.com:8443/casebridge?x=1',
    'https://8.8.8.8/casebridge',
    'https://8.8.8.8:8443/casebridge',
    'https://[2606:4700:4700::1111]/casebridge',
  ])('accepts %s', (url) => {
    expect(refusalOf(url)).toBeNull();
  });

  it('lets plain http and internal hosts through only when the operator allows private targets', () => {
    for (const url of [
      'http://127.0.0.1:1080/email',
      'https://10.0.0.1/',
      'http://localhost:8080/',
      'https://[::1]/',
    ]) {
      expect(refusalOf(url, localReceivers)).toBeNull();
    }
    // Never a numeric spelling or another scheme.
    expect(refusalOf('http://0x7f000001/', localReceivers)).toBe(numericHost);
    expect(refusalOf('ftp://127.0.0.1/', localReceivers)).toBe(https);
  });

  it('tells which host an IP literal is, so no lookup is needed for it', () => {
    expect(checkOutboundUrl('https://[2606:4700:4700::1111]:8443/x', strict)).toMatchObject({
      host: '2606:4700:4700::1111',
      isAddress: true,
    });
    expect(checkOutboundUrl('https://Hooks.Example.com/x', strict)).toMatchObject({
      host: 'hooks.example.com',
      isAddress: false,
    });
  });
});

describe('resolvePublicAddresses', () => {
  it('refuses a name that resolves to loopback, naming the address for the log', async () => {
    // "localhost" comes from /etc/hosts: no DNS server needed.
    const refused = await resolvePublicAddresses('localhost').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(OutboundTargetRefused);
    expect((refused as OutboundTargetRefused).message).toBe(OUTBOUND_TARGET_MESSAGES.internal);
    expect((refused as OutboundTargetRefused).detail).toMatch(/^localhost resolves to .*(127\.0\.0\.1|::1)/);
  });
});
