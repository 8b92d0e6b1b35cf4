import type { MembershipType, Role } from '@casebridge/contracts';
import { Company, Department, User } from '@casebridge/db';
import { hashPassword } from '@casebridge/server-core';
import type { RequiredEntityData } from '@mikro-orm/core';
import { bearer, type ApiHarness } from '../api-harness';
import { emOf, settle, uniqueName, type FactoryTarget } from './world';

/** The password of every factory user (meets the product's password rule). */
export const FACTORY_PASSWORD = 'Fact0ry!Pass';

// One argon2id hash per process: hashing is deliberately slow, and every factory user shares the password.
let factoryHash: Promise<string> | null = null;
const passwordHash = (password: string) =>
  password === FACTORY_PASSWORD ? (factoryHash ??= hashPassword(FACTORY_PASSWORD)) : hashPassword(password);

/**
 * An active member company with a unique name, slug and domain. Defaults to a full (premium) membership that
 * signs in with a password; pass e.g. `{ membershipType: 'limited' }`, `{ loginMethod: 'sso' }`,
 * `{ status: 'inactive' }` or `{ allowNotes: false }` for the other kinds.
 */
export async function aCompany(
  target: FactoryTarget,
  overrides: Partial<RequiredEntityData<Company>> & { membershipType?: MembershipType } = {},
): Promise<Company> {
  const em = emOf(target);
  const slug = uniqueName(overrides.name ?? 'company');
  const company = em.create(Company, {
    name: `Company ${slug}`,
    slug,
    domain: `${slug}.test`,
    status: 'active',
    membershipType: 'premium',
    loginMethod: 'requires_registration',
    ...overrides,
  });
  await em.flush();
  await settle(target);
  return company;
}

export interface UserSpec {
  /** Every role but super_admin belongs to a company; a super admin has none. */
  company?: Company;
  role: Role;
  /** active (default) or inactive. */
  status?: User['status'];
  /** approved (default), pending (a registration awaiting a signup manager) or rejected. */
  approvalStatus?: User['approvalStatus'];
  /** Whether the address is verified (default true; password sign-in needs it). */
  verified?: boolean;
  password?: string;
  /** A label for the e-mail's local part and the last name (default: the role). */
  label?: string;
  overrides?: Partial<RequiredEntityData<User>>;
}

const passwords = new Map<string, string>();

/** The company's e-mail domain; for a company without one, a unique one made from its slug. */
export function domainOf(company: Company): string {
  return company.domain ?? `${company.slug}.test`;
}

/**
 * A user of the given role with a unique address at the company's domain (domainOf; `factory.test` for a super admin),
 * approved, verified and active unless told otherwise, with FACTORY_PASSWORD (or `password`).
 */
export async function aUser(target: FactoryTarget, spec: UserSpec): Promise<User> {
  if ((spec.role === 'super_admin') !== !spec.company) {
    throw new Error(`aUser: a ${spec.role} ${spec.company ? 'has no company' : 'needs a company'}`);
  }
  const em = emOf(target);
  const label = spec.label ?? spec.role;
  const password = spec.password ?? FACTORY_PASSWORD;
  const email = `${uniqueName(label)}@${spec.company ? domainOf(spec.company) : 'factory.test'}`;
  const now = new Date();
  const user = em.create(User, {
    firstName: 'Fay',
    lastName: label,
    email,
    role: spec.role,
    type: spec.role === 'super_admin' ? 'admin' : 'basic',
    status: spec.status ?? 'active',
    approvalStatus: spec.approvalStatus ?? 'approved',
    emailVerifiedAt: spec.verified === false ? null : now,
    agreementDate: now,
    company: spec.company ? em.getReference(Company, spec.company.id) : null,
    passwordHash: await passwordHash(password),
    registrationType: 'admin',
    ...spec.overrides,
  });
  await em.flush();
  await settle(target);
  passwords.set(user.email, password);
  // Callers read the company's fields (domain, login method) from the user they got.
  if (spec.company) user.company = spec.company;
  return user;
}

/** A super admin of the network, for tests whose actor runs the back office. */
export function aSuperAdmin(target: FactoryTarget): Promise<User> {
  return aUser(target, { role: 'super_admin' });
}

/**
 * A bearer token of the user, the way the user signs in: the login form with the password, or for a user of a
 * single sign-on company (who has no password sign-in) a super admin's "login as user", as tokenOf does for the
 * demo's SSO company. Fails with the api's answer when the user may not sign in (inactive, pending, ...).
 */
export async function signedIn(api: ApiHarness, user: User): Promise<string> {
  const password = passwords.get(user.email) ?? FACTORY_PASSWORD;
  if (user.company?.loginMethod !== 'sso' || user.role === 'api') return api.login(user.email, password);
  const admin = await aSuperAdmin(api);
  const adminToken = await api.login(admin.email, FACTORY_PASSWORD);
  const response = await api.http().get(`/api/auth/super_admin/login_as_user/${user.id}`).set(bearer(adminToken));
  if (response.status !== 200) {
    throw new Error(`login as ${user.email} failed: ${response.status} ${JSON.stringify(response.body)}`);
  }
  return (response.body as { access_token: string }).access_token;
}

/** A user of the role and its bearer header, for tests that only act as that user. */
export async function aSignedInUser(
  api: ApiHarness,
  spec: UserSpec,
): Promise<{ user: User; token: string; auth: { Authorization: string } }> {
  const user = await aUser(api, spec);
  const token = await signedIn(api, user);
  return { user, token, auth: bearer(token) };
}

/** An active department of the company (served by no process until aProcess names it). */
export async function aDepartment(
  target: FactoryTarget,
  company: Company,
  overrides: Partial<RequiredEntityData<Department>> = {},
): Promise<Department> {
  const em = emOf(target);
  const department = em.create(Department, {
    company: em.getReference(Company, company.id),
    name: `Department ${uniqueName('dept')}`,
    status: 'active',
    ...overrides,
  });
  await em.flush();
  await settle(target);
  department.company = company;
  return department;
}
