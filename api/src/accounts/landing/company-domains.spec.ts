import { companyDomains, emailMatchesCompanyDomain } from './company-domains';

describe('company e-mail domains', () => {
  const company = { domain: 'globex.test', additionalDomains: ' @globex-storage.test, GLOBEX.example ,' };

  it('joins the main and additional domains, normalised', () => {
    expect(companyDomains(company)).toEqual(['globex.test', 'globex-storage.test', 'globex.example']);
  });

  it('matches the part after @ exactly, case-insensitively', () => {
    expect(emailMatchesCompanyDomain('Ann@GLOBEX.test', company)).toBe(true);
    expect(emailMatchesCompanyDomain('ann@globex.example', company)).toBe(true);
    expect(emailMatchesCompanyDomain('ann@notglobex.test', company)).toBe(false);
    expect(emailMatchesCompanyDomain('ann@globex.test.evil', company)).toBe(false);
    expect(emailMatchesCompanyDomain('ann@acme.test', { domain: null, additionalDomains: null })).toBe(false);
  });
});
