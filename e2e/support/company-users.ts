import { expect, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD } from '../fixtures';

export interface NewCompanyUser {
  first_name: string;
  last_name: string;
  email: string;
  role?: 'caller' | 'api' | 'program_manager' | 'business_manager';
  password: string;
}

/**
 * A user made by a company's admin through the api (`POST admin/company/users/0`), so a journey works on its own
 * account and changes no demo identity. The user belongs to the admin's company.
 */
export async function createCompanyUser(
  request: APIRequestContext,
  adminEmail: string,
  user: NewCompanyUser,
): Promise<void> {
  const login = await request.post('/api/auth/login', { data: { email: adminEmail, password: DEMO_PASSWORD } });
  const { access_token } = (await login.json()) as { access_token: string };
  const created = await request.post('/api/admin/company/users/0', {
    headers: { Authorization: `Bearer ${access_token}` },
    data: {
      ...user,
      role: user.role ?? 'caller',
      type: 'basic',
      password_confirmation: user.password,
      group_access: [],
    },
  });
  expect(created.status(), await created.text()).toBe(200);
}
