import type { Page } from '@playwright/test';
import { ROUTES, type RouteName } from '../../libs/contracts/src';
import { expect, test } from '../fixtures';
import { contentReady, seriousViolations } from '../support/axe-audit';
import { DemoApi, mailedLink, type SignedInState } from '../support/demo-api';
import type { Mailbox } from '../support/mailbox';
import {
  acceptNewMemberAgreements,
  fillApplicant,
  fillCompany,
  fillProcess,
  startOnboarding,
  uniqueApplicantEmail,
} from '../support/onboarding-steps';
import { readRouteIds, type RouteIds } from '../support/route-ids';
import { E2E_STACK } from '../support/stack';

/**
 * Every route of the route table, opened as someone its guard lets in, checked by axe: no serious or critical
 * violation (issue 17, point 13). A route that is not opened is named in PLAN with the reason, so a route added to
 * ROUTES without either fails this spec (and the type check).
 */

/** Who opens a page: nobody signed in, or one demo user per kind of route guard. */
const VISITORS = {
  public: null,
  member: 'caller@acme.test',
  admin: 'bm@acme.test',
  // Limited routes refuse limited members (LIMITED_MEMBERSHIP_BLOCKED_ROUTES): only the limited process page is theirs.
  limited: 'bm@initech.test',
  super: 'admin@casebridge.test',
} as const;
type Visitor = keyof typeof VISITORS;

interface Context {
  page: Page;
  ids: RouteIds;
  api: DemoApi;
  mailbox: Mailbox;
}

interface Visit {
  as: Visitor;
  /** The path to open, or the steps that lead to the page (which may navigate themselves and return nothing). */
  open: string | ((context: Context) => string | Promise<string | void>);
}
interface NotVisited {
  notVisited: string;
}

const PASSWORD = 'A11y!Audit1';
const stamp = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

/** A throwaway Acme caller made by Acme's business manager, for links that change an account. */
async function newAcmeCaller(api: DemoApi, label: string): Promise<string> {
  const email = `a11y.${label}.${stamp()}@acme.test`;
  await api.post('bm@acme.test', 'admin/company/users/0', {
    ...{ first_name: 'Ally', last_name: 'Audit', email, role: 'caller', type: 'basic' },
    ...{ password: PASSWORD, password_confirmation: PASSWORD, group_access: [] },
  });
  await api.token(email, PASSWORD);
  return email;
}

/** A self-registration on Acme's page (which needs approval): mails a verification link and approval links. */
async function newRegistration(api: DemoApi): Promise<string> {
  const email = `a11y.registration.${stamp()}@acme.test`;
  await api.post(null, 'caller/register/acme', {
    ...{ first_name: 'Reggie', last_name: 'Audit', email, phone: '555 0100', phone_country_code: 'US' },
    ...{ password: PASSWORD, password_confirmation: PASSWORD, agree_confirm: true },
  });
  return email;
}

/** A new applicant on the free partner program, up to the step named (nothing is paid, the session is abandoned). */
async function onboardNewCompany(page: Page, upTo: 'contact' | 'agreements' | 'process' | 'success'): Promise<void> {
  await startOnboarding(page, 'cloud-connect', uniqueApplicantEmail('a11y'));
  if (upTo === 'contact') return;
  await fillCompany(page, `A11y Audit ${stamp()}`);
  await fillApplicant(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/onboarding\/agreements$/);
  if (upTo === 'agreements') return;
  await acceptNewMemberAgreements(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/onboarding\/process$/);
  if (upTo === 'process') return;
  await fillProcess(page);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/onboarding\/success$/);
}

/** An application waiting for review (the seed has only a draft): one is sent when there is none. */
async function applicationInReview(api: DemoApi, page: Page): Promise<number> {
  const inReview = () => api.get<{ queue: { id: number }[] }>('admin@casebridge.test', 'super_admin/onboarding/queue');
  let { queue } = await inReview();
  if (!queue.length) {
    await onboardNewCompany(page, 'success');
    ({ queue } = await inReview());
  }
  return queue[0].id;
}

/** An existing member applying to the free partner program, past the contact step. */
async function onboardMember(page: Page, email: string): Promise<void> {
  await startOnboarding(page, 'cloud-connect', email);
  await expect(page).toHaveURL(/\/onboarding\/contact$/);
  await page.getByLabel('Address').fill('1 Audit Way');
  await page.getByLabel('City').fill('Austin');
  await page.getByLabel('Postal Code').fill('78701');
  // The country comes filled in from the member's company.
  await page.getByRole('button', { name: 'Next' }).click();
}

const PLAN: Record<RouteName, Visit | NotVisited> = {
  'auth.logout': { notVisited: 'it has no page of its own: it ends the session and goes home (audited as home).' },
  home: { as: 'public', open: '/' },
  'home-with-slug': { as: 'public', open: '/acme' },
  dashboard: { as: 'member', open: '/dashboard' },
  profile: { as: 'member', open: '/profile' },
  cases: { as: 'member', open: '/my-cases' },
  'case-info': { as: 'member', open: ({ ids }) => `/my-cases/${ids.caseToken}` },
  'case-sent': { as: 'member', open: ({ ids }) => `/my-cases/${ids.caseToken}/sent` },
  'submit-case': { as: 'member', open: ({ ids }) => `/case/company/${ids.globex}` },
  'case-response': { as: 'public', open: ({ ids }) => `/case/${ids.caseToken}/respond` },
  'case-provide-information': { as: 'public', open: ({ ids }) => `/case/${ids.caseToken}/information` },
  'case-info-base-response': { as: 'public', open: ({ ids }) => `/case/${ids.caseToken}/response` },
  // A valid link signs in and leaves at once for the dashboard (audited itself); what stays on screen is a refusal.
  auto_login: { as: 'public', open: '/auto_login/a11y-link-that-expired' },
  reset_password: {
    as: 'public',
    open: async ({ api, mailbox }) => {
      const email = await newAcmeCaller(api, 'reset');
      await api.post(null, 'auth/forgot_password', { email });
      return mailedLink(mailbox, email, '/reset_password/');
    },
  },
  verify_account: {
    as: 'public',
    open: async ({ api, mailbox }) => mailedLink(mailbox, await newRegistration(api), '/verify_account/'),
  },
  // The reject link (a form); the approve link approves on opening and shows one line.
  account_approval: {
    as: 'public',
    open: async ({ api, mailbox }) => mailedLink(mailbox, 'bm@acme.test', '/reject', await newRegistration(api)),
  },
  confirm_email: {
    as: 'public',
    open: async ({ api, mailbox }) => {
      const email = await newAcmeCaller(api, 'moving');
      const moved = `a11y.moved.${stamp()}@acme.test`;
      await api.post(email, 'users/profile', {
        ...{ first_name: 'Ally', last_name: 'Audit', email: moved, current_password: PASSWORD },
      });
      return mailedLink(mailbox, moved, '/confirm_email/');
    },
  },

  'admin.company': { as: 'admin', open: '/admin/company' },
  'admin.company.registration': { as: 'admin', open: '/admin/company/registration' },
  'admin.company.sso': { as: 'admin', open: '/admin/company/sso' },
  'admin.users': { as: 'admin', open: '/admin/users' },
  'admin.user.manage': { as: 'admin', open: ({ ids }) => `/admin/users/${ids.acmeCaller}` },
  'admin.inbound_process': { as: 'admin', open: '/admin/inbound_process' },
  'admin.inbound_process.test': { as: 'admin', open: ({ ids }) => `/admin/inbound_process/${ids.acmeTicket.id}/test` },
  'admin.inbound_process.manage': { as: 'admin', open: ({ ids }) => `/admin/inbound_process/${ids.acmeTicket.id}` },
  'admin.limited_process': { as: 'limited', open: '/admin/limited_process' },
  'admin.partner_groups': { as: 'admin', open: '/admin/partner_groups' },
  'admin.partner_groups.manage': { as: 'admin', open: ({ ids }) => `/admin/partner_groups/${ids.acmeGroup}` },
  'admin.partner_groups.users': {
    as: 'admin',
    open: ({ ids }) => `/admin/partner_groups/${ids.limitedAccessGroup}/users`,
  },
  'admin.reports': { as: 'admin', open: '/admin/reports' },
  'admin.case-info': { as: 'admin', open: ({ ids }) => `/admin/case/${ids.caseToken}` },
  'admin.integrations': { as: 'admin', open: '/admin/integrations' },

  'onboarding.home': { as: 'public', open: '/join/cloud-connect' },
  'onboarding.contact': { as: 'public', open: ({ page }) => onboardNewCompany(page, 'contact') },
  'onboarding.agreements': { as: 'public', open: ({ page }) => onboardNewCompany(page, 'agreements') },
  'onboarding.process': { as: 'public', open: ({ page }) => onboardNewCompany(page, 'process') },
  'onboarding.success': { as: 'public', open: ({ page }) => onboardNewCompany(page, 'success') },
  // A premium member goes from the contact step to the agreements page that carries the process choice.
  'onboarding.basic-premium': { as: 'public', open: ({ page }) => onboardMember(page, 'pm@acme.test') },
  'onboarding.choose-process': {
    as: 'public',
    open: async ({ page }) => {
      // The stand-alone choice of a member's session restored after its agreements: the session is the tab's
      // (sessionStorage), so the page opens in the same tab once the contact step is done.
      await onboardMember(page, 'bm@globex.test');
      await expect(page).toHaveURL(/\/onboarding\/basic-premium$/);
      return '/onboarding/choose-process';
    },
  },
  // A valid link restores the session and leaves at once for its step (audited above); a spent one stays.
  'onboarding.restore': { as: 'public', open: '/onboarding/restore/a11y-link-already-used' },

  'manager.response': {
    as: 'public',
    open: async ({ api, ids }) => {
      const { documents } = await api.get<{ documents: { id: number; name: string }[] }>(
        'bm@acme.test',
        `caller/documents/company/${ids.globex}`,
      );
      const process = documents.find((doc) => doc.name === 'Globex Manager Escalation');
      const created = await api.post<{ request: { token: string } }>('bm@acme.test', 'manager/request/create', {
        ...{ first_name: 'Ally', last_name: 'Audit', email: 'bm@acme.test', internal_reference: `A11Y-${stamp()}` },
        ...{ business_impact: 'Accessibility audit of the manager page.', receive_company_id: ids.globex },
        contact_document_id: process?.id,
      });
      return `/manager/response/${created.request.token}`;
    },
  },
  'msteams.connected': {
    as: 'public',
    open: async ({ api, ids }) => {
      const { link } = await api.get<{ link: string }>(
        'admin@casebridge.test',
        `super_admin/groups/${ids.teamsGroup}/msteams_connection`,
      );
      return new URL(link).pathname;
    },
  },
  '404': { as: 'public', open: '/404' },

  'super_admin.dashboard': { as: 'super', open: '/super_admin/dashboard' },
  'super_admin.companies': { as: 'super', open: '/super_admin/companies' },
  'super_admin.company.detail': { as: 'super', open: ({ ids }) => `/super_admin/companies/${ids.acme}` },
  'super_admin.company.registration': {
    as: 'super',
    open: ({ ids }) => `/super_admin/companies/${ids.acme}/registation`,
  },
  'super_admin.company.edit': { as: 'super', open: ({ ids }) => `/super_admin/companies/${ids.acme}/edit` },
  'super_admin.company.departments': {
    as: 'super',
    open: ({ ids }) => `/super_admin/companies/${ids.acme}/departments`,
  },
  'super_admin.user.edit': {
    as: 'super',
    open: ({ ids }) => `/super_admin/companies/${ids.acme}/users/${ids.acmeCaller}`,
  },
  'super_admin.document.edit': {
    as: 'super',
    open: ({ ids }) => `/super_admin/companies/${ids.acme}/documents/${ids.acmeTicket.id}/edit/${ids.acmeTicket.type}`,
  },
  'super_admin.company.groups.edit': {
    as: 'super',
    open: ({ ids }) => `/super_admin/companies/${ids.acme}/groups/${ids.acmeRelation}/edit`,
  },
  'super_admin.groups': { as: 'super', open: '/super_admin/groups' },
  'super_admin.group.edit': { as: 'super', open: ({ ids }) => `/super_admin/groups/${ids.solutionSupportGroup}/edit` },
  'super_admin.group.detail': {
    as: 'super',
    open: ({ ids }) => `/super_admin/groups/${ids.partnerProgram.id}/${ids.partnerProgram.type}`,
  },
  'super_admin.onboarding.session': {
    as: 'super',
    open: async ({ api, page }) => `/super_admin/onboarding/${await applicationInReview(api, page)}`,
  },
  'super_admin.cases.case_info': { as: 'super', open: ({ ids }) => `/super_admin/cases/${ids.caseId}` },
  'super_admin.reports': { as: 'super', open: '/super_admin/reports' },
  'super_admin.inbound_process.test': {
    as: 'super',
    open: ({ ids }) => `/super_admin/companies/${ids.acme}/inbound_process/${ids.acmeTicket.id}/test`,
  },
  'super_admin.list_users': { as: 'super', open: '/super_admin/users' },
  'super_admin.user.manage': { as: 'super', open: ({ ids }) => `/super_admin/user/${ids.acmeCaller}` },
  'super_admin.email_templates': { as: 'super', open: '/super_admin/email_templates' },
  'super_admin.email_template.edit': {
    as: 'super',
    open: ({ ids }) => `/super_admin/email_templates/${ids.emailTemplate}`,
  },
};

/** The URL of a route: its path with any parameter, an optional query. */
function routeUrl(name: RouteName): RegExp {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const path = ROUTES[name]
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : escape(segment)))
    .join('/');
  return new RegExp(`^${escape(E2E_STACK.baseUrl)}${path}(\\?.*)?$`);
}

// The routes are independent of each other: the workers share them out.
test.describe.configure({ mode: 'parallel' });

let api: DemoApi;
let ids: RouteIds;
/**
 * One signed-in page per visitor for this worker's routes, each route opened in it in turn (a navigation reloads the
 * app, so no route sees another's screen): a new context or tab costs the browser more than the visit. The public
 * visitor gets a new context per route, since some of its steps (onboarding, links) leave a session behind.
 */
const signedInPages: Partial<Record<Visitor, Page>> = {};

test.beforeAll(async ({ playwright, browser }) => {
  api = new DemoApi(await playwright.request.newContext({ baseURL: E2E_STACK.baseUrl }));
  ids = await readRouteIds(api);
  for (const [visitor, email] of Object.entries(VISITORS)) {
    if (email) {
      const state: SignedInState = await api.signedInState(email);
      signedInPages[visitor as Visitor] = await (await browser.newContext({ storageState: state })).newPage();
    }
  }
});

test.afterAll(async () => {
  for (const page of Object.values(signedInPages)) await page.context().close();
});

test('the audit reports what it must: a nameless button, an image without text and unreadable text', async ({
  browser,
}) => {
  const page = await (await browser.newContext()).newPage();
  try {
    await page.goto('/404');
    await contentReady(page);
    await page.evaluate(() => {
      const main = document.querySelector('main') ?? document.body;
      main.insertAdjacentHTML(
        'beforeend',
        '<button id="a11y-probe-button"></button><img id="a11y-probe-image" src="/favicon.ico">' +
          '<p id="a11y-probe-text" style="color:#ddd;background:#fff">Hard to read</p>',
      );
    });
    const found = (await seriousViolations(page)).join('\n');
    expect(found).toContain('critical button-name');
    expect(found).toContain('#a11y-probe-button');
    expect(found).toContain('critical image-alt');
    expect(found).toContain('#a11y-probe-image');
    expect(found).toContain('serious color-contrast');
    expect(found).toContain('#a11y-probe-text');
  } finally {
    await page.context().close();
  }
});

test('every route of the route table is audited or named with the reason it is not', () => {
  expect(Object.keys(PLAN).sort()).toEqual(Object.keys(ROUTES).sort());
  for (const plan of Object.values(PLAN)) if ('notVisited' in plan) expect(plan.notVisited.length).toBeGreaterThan(20);
});

for (const [name, plan] of Object.entries(PLAN) as [RouteName, Visit | NotVisited][]) {
  if ('notVisited' in plan) continue;
  test(`${name} (${plan.as}) has no serious or critical axe violation`, async ({ browser, mailbox }) => {
    const page = signedInPages[plan.as] ?? (await (await browser.newContext()).newPage());
    try {
      const target = typeof plan.open === 'string' ? plan.open : await plan.open({ page, ids, api, mailbox });
      if (target) await page.goto(target);
      // Still on the route: the guard let this visitor in and nothing sent it elsewhere.
      await expect(page).toHaveURL(routeUrl(name));
      await contentReady(page);
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      if (!signedInPages[plan.as]) await page.context().close();
    }
  });
}
