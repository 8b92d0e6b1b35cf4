import { parseTeamsLinkToken, teamsLinkToken } from './teams-link-token';

const SECRET = 'a-test-secret-of-some-length';

describe('Teams connection link tokens', () => {
  it('names the group and the link version it was made for', () => {
    const token = teamsLinkToken({ groupId: 42, version: 3 }, SECRET);
    expect(token).toMatch(/^42\.3\.[A-Za-z0-9_-]{43}$/);
    expect(parseTeamsLinkToken(token, SECRET)).toEqual({ groupId: 42, version: 3 });
  });

  it('refuses another secret, another group or version and malformed tokens', () => {
    const token = teamsLinkToken({ groupId: 42, version: 0 }, SECRET);
    const signature = token.split('.')[2];
    expect(parseTeamsLinkToken(token, 'another-secret-entirely')).toBeNull();
    expect(parseTeamsLinkToken(`43.0.${signature}`, SECRET)).toBeNull();
    expect(parseTeamsLinkToken(`42.1.${signature}`, SECRET)).toBeNull();
    for (const bad of ['', '42', '42.0.', `042.0.${signature}`, `42.0.${signature}x`, `-1.0.${signature}`]) {
      expect(parseTeamsLinkToken(bad, SECRET)).toBeNull();
    }
    expect(parseTeamsLinkToken(`42.${signature}`, SECRET)).toBeNull();
  });
});
