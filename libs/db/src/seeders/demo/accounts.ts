import type { EntityManager } from '@mikro-orm/postgresql';
import { existsSync, readFileSync } from 'node:fs';
import type { LoginMethod, MembershipType, Role } from '@casebridge/contracts';
import { hashPassword } from '@casebridge/server-core';
import { Company } from '../../entities/accounts/company.entity';
import { Country } from '../../entities/accounts/country.entity';
import { Department } from '../../entities/accounts/department.entity';
import { User } from '../../entities/accounts/user.entity';
import { COUNTRIES } from '../countries';
import { daysAgo } from './time';

/** The password of every demo identity. */
export const DEMO_PASSWORD = 'Passw0rd!';

export type DemoCompanySlug = 'acme' | 'globex' | 'initech' | 'umbrella';

interface DemoCompanyDefinition {
  slug: DemoCompanySlug;
  name: string;
  fullName: string;
  membershipType: MembershipType;
  loginMethod: LoginMethod;
  city: string;
  note: string;
  loginPageText: string;
}

const DEMO_COMPANIES: DemoCompanyDefinition[] = [
  {
    slug: 'acme',
    name: 'Acme Systems',
    fullName: 'Acme Systems, Inc.',
    membershipType: 'premium',
    loginMethod: 'requires_registration',
    city: 'Austin',
    note: 'Globex P1 cases: call their hotline after submitting. Initech only accepts cases on business days.',
    loginPageText:
      '<p>Welcome to the Acme Systems support collaboration portal. Register with your <strong>@acme.test</strong> address; a business manager approves new accounts.</p>',
  },
  {
    slug: 'globex',
    name: 'Globex Storage',
    fullName: 'Globex Storage Corporation',
    membershipType: 'elite',
    loginMethod: 'email_link',
    city: 'Denver',
    note: 'Inbound storage cases are triaged by the Denver team within two hours, around the clock.',
    loginPageText: '<p>Globex engineers sign in with a link sent to their work address.</p>',
  },
  {
    slug: 'initech',
    name: 'Initech Networks',
    fullName: 'Initech Networks LLC',
    membershipType: 'limited',
    loginMethod: 'requires_registration',
    city: 'Dallas',
    note: 'Escalate routing issues to the network operations centre.',
    loginPageText: '<p>Initech Networks partner support. Create an account to collaborate with our partners.</p>',
  },
  {
    slug: 'umbrella',
    name: 'Umbrella Cloud',
    fullName: 'Umbrella Cloud Services Ltd.',
    membershipType: 'basic',
    loginMethod: 'sso',
    city: 'London',
    note: 'All cloud tenancy questions go to the platform team first.',
    loginPageText: '<p>Umbrella Cloud staff sign in with the corporate single sign-on.</p>',
  },
];

interface DemoUserDefinition {
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  company: DemoCompanySlug | null;
  city: string;
  countryCode: string;
  phone: string;
  isKeyContact?: boolean;
  focusGroup?: string;
}

/** The demo identities (all with the demo password), plus names and contact details. */
export const DEMO_IDENTITIES: DemoUserDefinition[] = [
  {
    email: 'admin@casebridge.test',
    firstName: 'Morgan',
    lastName: 'Reyes',
    role: 'super_admin',
    company: null,
    city: 'Boston',
    countryCode: 'US',
    phone: '6175550100',
  },
  {
    email: 'bm@acme.test',
    firstName: 'Alice',
    lastName: 'Carter',
    role: 'business_manager',
    company: 'acme',
    city: 'Austin',
    countryCode: 'US',
    phone: '5125550101',
    isKeyContact: true,
    focusGroup: 'Partner Management',
  },
  {
    email: 'pm@acme.test',
    firstName: 'Paul',
    lastName: 'Martinez',
    role: 'program_manager',
    company: 'acme',
    city: 'Austin',
    countryCode: 'US',
    phone: '5125550102',
    focusGroup: 'Support Programs',
  },
  {
    email: 'caller@acme.test',
    firstName: 'Carl',
    lastName: 'Jensen',
    role: 'caller',
    company: 'acme',
    city: 'Toronto',
    countryCode: 'CA',
    phone: '4165550103',
    focusGroup: 'Storage',
  },
  {
    email: 'api@acme.test',
    firstName: 'Acme',
    lastName: 'Integration',
    role: 'api',
    company: 'acme',
    city: 'Austin',
    countryCode: 'US',
    phone: '5125550104',
  },
  {
    email: 'bm@globex.test',
    firstName: 'Grace',
    lastName: 'Liu',
    role: 'business_manager',
    company: 'globex',
    city: 'Denver',
    countryCode: 'US',
    phone: '3035550105',
    isKeyContact: true,
    focusGroup: 'Alliances',
  },
  {
    email: 'caller@globex.test',
    firstName: 'Gabriel',
    lastName: 'Stone',
    role: 'caller',
    company: 'globex',
    city: 'Dublin',
    countryCode: 'IE',
    phone: '15550106',
    focusGroup: 'Backup',
  },
  {
    email: 'bm@initech.test',
    firstName: 'Ivan',
    lastName: 'Petrov',
    role: 'business_manager',
    company: 'initech',
    city: 'Dallas',
    countryCode: 'US',
    phone: '2145550107',
    isKeyContact: true,
  },
  {
    email: 'caller@umbrella.test',
    firstName: 'Uma',
    lastName: 'Patel',
    role: 'caller',
    company: 'umbrella',
    city: 'London',
    countryCode: 'GB',
    phone: '2075550108',
  },
];

export interface DemoAccounts {
  countries: Map<string, Country>;
  companies: Record<DemoCompanySlug, Company>;
  /** Keyed by e-mail. */
  users: Map<string, User>;
  departments: {
    acmeStorage: Department;
    acmeNetwork: Department;
    globexEnterprise: Department;
    globexBackup: Department;
  };
}

export async function seedCountries(em: EntityManager): Promise<Map<string, Country>> {
  const countries = new Map<string, Country>();
  for (const [name, countryCode] of COUNTRIES) {
    countries.set(countryCode, em.create(Country, { name, countryCode }));
  }
  await em.flush();
  return countries;
}

/**
 * The demo identity provider: DEMO_SAML_IDP_URL (default http://localhost:7000) and, when the demo generated one,
 * its signing certificate from DEMO_SAML_IDP_CERT_FILE. Without a certificate, SSO sign-ins are refused as not set up.
 */
function demoIdentityProvider(): { url: string; certificate: string | null } {
  const url = (process.env.DEMO_SAML_IDP_URL || 'http://localhost:7000').replace(/\/$/, '');
  const certFile = process.env.DEMO_SAML_IDP_CERT_FILE;
  const certificate = certFile && existsSync(certFile) ? readFileSync(certFile, 'utf8') : null;
  return { url, certificate };
}

function createCompany(em: EntityManager, definition: DemoCompanyDefinition): Company {
  const domain = `${definition.slug}.test`;
  const company = em.create(Company, {
    name: definition.name,
    fullName: definition.fullName,
    slug: definition.slug,
    url: `https://www.${domain}`,
    domain,
    status: 'active',
    membershipType: definition.membershipType,
    loginMethod: definition.loginMethod,
    loginPageText: definition.loginPageText,
    regionText: definition.city,
    note: definition.note,
    showInPublicWeb: definition.membershipType !== 'limited',
    communicationsEmail: `support-outbound@${domain}`,
    bccResponseEmail: `support-inbound@${domain}`,
    createdAt: daysAgo(400),
  });
  if (definition.loginMethod === 'sso') {
    // Points at the local saml-idp that `npm run demo` starts (scripts/lib/demo-idp.mjs).
    const idp = demoIdentityProvider();
    company.ssoIdentitySource = 'url';
    company.ssoIdpEntityUrl = `${idp.url}/metadata`;
    company.ssoIdpFederationUrl = `${idp.url}/saml/sso`;
    company.ssoIdpLogoutUrl = `${idp.url}/signout`;
    company.ssoIdpCertificate = idp.certificate;
    company.ssoLoginSection = `<p>${definition.name} staff: sign in with your corporate account.</p>`;
    company.ssoRegistrationSection = '<p>Your account is created on your first single sign-on.</p>';
  }
  return company;
}

async function createUser(
  em: EntityManager,
  definition: DemoUserDefinition,
  company: Company | null,
  countries: Map<string, Country>,
  passwordHash: string,
): Promise<User> {
  const createdAt = daysAgo(300);
  return em.create(User, {
    email: definition.email,
    firstName: definition.firstName,
    lastName: definition.lastName,
    role: definition.role,
    type: definition.role === 'super_admin' ? 'admin' : 'basic',
    company,
    country: countries.get(definition.countryCode) ?? null,
    city: definition.city,
    phone: definition.phone,
    phoneCountryCode: definition.countryCode,
    focusGroup: definition.focusGroup ?? null,
    status: 'active',
    approvalStatus: 'approved',
    emailVerifiedAt: createdAt,
    agreementDate: createdAt,
    passwordHash,
    isKeyContact: definition.isKeyContact ?? false,
    registrationType: 'seed',
    lastLoginAt: daysAgo(1),
    createdAt,
  });
}

export async function seedAccounts(em: EntityManager, countries: Map<string, Country>): Promise<DemoAccounts> {
  const companyList = DEMO_COMPANIES.map((definition) => createCompany(em, definition));
  const companies = Object.fromEntries(companyList.map((company) => [company.slug, company])) as Record<
    DemoCompanySlug,
    Company
  >;

  const users = new Map<string, User>();
  for (const definition of DEMO_IDENTITIES) {
    const company = definition.company ? companies[definition.company] : null;
    // Each account gets its own salt, as real accounts would.
    const user = await createUser(em, definition, company, countries, await hashPassword(DEMO_PASSWORD));
    users.set(user.email, user);
  }

  // A registration waiting in Acme's approval queue, and a former Globex engineer.
  const pending = await createUser(
    em,
    {
      email: 'olivia.chen@acme.test',
      firstName: 'Olivia',
      lastName: 'Chen',
      role: 'caller',
      company: 'acme',
      city: 'Seattle',
      countryCode: 'US',
      phone: '2065550109',
    },
    companies.acme,
    countries,
    await hashPassword(DEMO_PASSWORD),
  );
  Object.assign(pending, {
    approvalStatus: 'pending',
    registrationType: 'registration',
    agreementDate: daysAgo(1),
    emailVerifiedAt: daysAgo(1),
    lastLoginAt: null,
    createdAt: daysAgo(1),
  });
  users.set(pending.email, pending);

  const inactive = await createUser(
    em,
    {
      email: 'martin.keller@globex.test',
      firstName: 'Martin',
      lastName: 'Keller',
      role: 'caller',
      company: 'globex',
      city: 'Munich',
      countryCode: 'DE',
      phone: '8955501100',
    },
    companies.globex,
    countries,
    await hashPassword(DEMO_PASSWORD),
  );
  Object.assign(inactive, { status: 'inactive', registrationType: 'email_link', lastLoginAt: daysAgo(120) });
  users.set(inactive.email, inactive);

  const acme = companies.acme;
  acme.requiresApproval = true;
  acme.signupManager = users.get('bm@acme.test') ?? null;
  acme.altSignupManager = users.get('pm@acme.test') ?? null;
  acme.additionalDomains = 'acme-systems.test,acme.example';
  companies.umbrella.allowNotes = false;

  const departments = {
    acmeStorage: em.create(Department, {
      company: acme,
      name: 'Storage Engineering',
      description: 'Escalations for Acme storage appliances.',
    }),
    acmeNetwork: em.create(Department, {
      company: acme,
      name: 'Network Support',
      description: 'Switching and routing support for Acme customers.',
    }),
    globexEnterprise: em.create(Department, {
      company: companies.globex,
      name: 'Enterprise Storage Support',
      description: 'SA9000 arrays and the CloudTier gateway.',
    }),
    globexBackup: em.create(Department, {
      company: companies.globex,
      name: 'Backup & Recovery',
      description: 'VaultBackup software and appliances.',
    }),
  };
  await em.flush();
  return { countries, companies, users, departments };
}

/** Looks up a seeded user by e-mail, failing loudly on a typo in the seed. */
export function demoUser(accounts: DemoAccounts, email: string): User {
  const user = accounts.users.get(email);
  if (!user) throw new Error(`Demo seed: no user ${email}`);
  return user;
}
