import { LoginBody, RegistrationBody } from './api/auth';
import { PASSWORD_PATTERN } from './api/common';
import { membershipLevel } from './constants/company';
import { roleLabel } from './constants/roles';
import { MESSAGES } from './messages';
import { routeGuard, routePath, ROUTES } from './routes';

describe('password rule', () => {
  it.each(['Passw0rd!', 'Abcdefg1$', 'xY9#xxxx', 'Zz1%Zz1%'])('accepts %s', (password) => {
    expect(PASSWORD_PATTERN.test(password)).toBe(true);
  });
  it.each(['Passw0rd', 'passw0rd!', 'PASSW0RD!', 'Password!', 'Pa0!', 'Passw0rd&'])('refuses %s', (password) => {
    expect(PASSWORD_PATTERN.test(password)).toBe(false);
  });
});

describe('schemas', () => {
  it('normalise e-mail addresses to lower case', () => {
    expect(LoginBody.parse({ email: ' Ann@Acme.TEST ', password: 'x' }).email).toBe('ann@acme.test');
  });

  it('name each failing field of a registration', () => {
    const result = RegistrationBody.safeParse({
      email: 'ann@acme.test',
      password: 'Passw0rd!',
      password_confirmation: 'nope',
      agree_confirm: '0',
    });
    expect(result.success).toBe(false);
    const fields = result.error!.issues.map((issue) => issue.path.join('.')).sort();
    expect(fields).toEqual(['agree_confirm', 'first_name', 'last_name']);
    const confirmed = RegistrationBody.safeParse({
      first_name: 'A',
      last_name: 'B',
      email: 'ann@acme.test',
      password: 'Passw0rd!',
      password_confirmation: 'nope',
      agree_confirm: true,
    });
    expect(confirmed.error!.issues[0]).toMatchObject({
      path: ['password_confirmation'],
      message: MESSAGES.passwordConfirmation,
    });
  });
});

describe('constants', () => {
  it('map membership types to header levels (limited is the default)', () => {
    expect(
      ['basic', 'standard', 'premium', 'elite', 'limited', 'offline_partner', null].map((type) =>
        membershipLevel(type),
      ),
    ).toEqual(['standard', 'standard', 'premium', 'elite', 'limited', 'limited', 'limited']);
  });

  it('label roles by their display names, capitalising unknown ones', () => {
    expect(roleLabel('caller')).toBe('Standard User');
    expect(roleLabel('api')).toBe('API User');
    expect(roleLabel('regional_lead')).toBe('Regional Lead');
  });
});

describe('route table', () => {
  it('keeps the agreed path spellings, typos included (registation)', () => {
    expect(ROUTES['super_admin.company.registration']).toBe('/super_admin/companies/:company_id/registation');
    expect(routePath('case-info', { token: 'a b' })).toBe('/my-cases/a%20b');
    expect(() => routePath('case-info')).toThrow(/missing parameter token/);
  });

  it('guards routes by login, role and membership', () => {
    expect(routeGuard('super_admin.groups')).toBe('super_admin');
    expect(routeGuard('admin.company.sso')).toBe('company_admin_not_limited');
    expect(routeGuard('admin.reports')).toBe('login');
    expect(routeGuard('admin.users')).toBe('company_admin');
    expect(routeGuard('case-info')).toBe('member');
    expect(routeGuard('case-response')).toBe('public');
    expect(routeGuard('admin.integrations')).toBe('company_admin_or_api');
  });
});
