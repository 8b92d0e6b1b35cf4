import { groupOfTeamsLinkToken, teamsLinkToken } from './teams-link-token';

const SECRET = 'a-test-secret-of-some-length';

describe('Teams connection link tokens', () => {
  it('names the group it was made for', () => {
    const token = teamsLinkToken(42, SECRET);
    expect(token).toMatch(/^42\.[A-Za-z0-9_-]{43}$/);
    expect(groupOfTeamsLinkToken(token, SECRET)).toBe(42);
  });

  it('refuses another secret, another group and malformed tokens', () => {
    const token = teamsLinkToken(42, SECRET);
    const signature = token.split('.')[1];
    expect(groupOfTeamsLinkToken(token, 'another-secret-entirely')).toBeNull();
    expect(groupOfTeamsLinkToken(`43.${signature}`, SECRET)).toBeNull();
    for (const bad of ['', '42', '42.', `042.${signature}`, `42.${signature}x`, `-1.${signature}`]) {
      expect(groupOfTeamsLinkToken(bad, SECRET)).toBeNull();
    }
  });
});
