import { expect, request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { mkdirSync, readFileSync, writeFileSync } from 'fs';
import path from 'path';
import { STORAGE_KEYS } from '../../libs/contracts/src';
import { DemoApi, type SignedInState } from './demo-api';
import { E2E_STACK } from './stack';

/**
 * The demo identities most journeys act as. Each is signed in once per run by the global setup; the browser state
 * it leaves (the web app keeps its session in localStorage: token, role, membership level) is saved as a Playwright
 * storageState file, and every journey that only needs "a signed-in X" starts from it instead of the login form.
 */
export const SHARED_SESSIONS = {
  superAdmin: 'admin@casebridge.test',
  companyAdmin: 'bm@acme.test',
  member: 'caller@acme.test',
} as const;

export type SharedRole = keyof typeof SHARED_SESSIONS;

const STATE_DIR = path.join(E2E_STACK.resultsDir, 'signed-in');

/** The storageState file of a shared session (under test-results, which git ignores). */
export function sharedStateFile(role: SharedRole): string {
  return path.join(STATE_DIR, `${role}.json`);
}

/** Signs each shared identity in through the api and writes its storageState file. Called by the global setup. */
export async function saveSharedSessions(): Promise<void> {
  const request = await playwrightRequest.newContext({ baseURL: E2E_STACK.baseUrl });
  try {
    const demo = new DemoApi(request);
    mkdirSync(STATE_DIR, { recursive: true });
    for (const [role, email] of Object.entries(SHARED_SESSIONS)) {
      const state = await demo.signedInState(email);
      writeFileSync(sharedStateFile(role as SharedRole), JSON.stringify(state, null, 2));
    }
  } finally {
    await request.dispose();
  }
}

/** The access token of a shared session, as its storageState file holds it. */
export function sharedSessionToken(role: SharedRole): string {
  const state = JSON.parse(readFileSync(sharedStateFile(role), 'utf8')) as SignedInState;
  const token = state.origins[0]?.localStorage.find((item) => item.name === STORAGE_KEYS.token)?.value;
  if (!token) throw new Error(`${sharedStateFile(role)} holds no access token; the global setup writes it`);
  return token;
}

/**
 * Fails when the shared session of `role` no longer authorizes: a journey signed it out, changed its password or
 * had it disabled, and every later journey starting from the file would fail for a reason not its own. Checked
 * before and after each use, so the journey that ended it is the one that fails, with this message.
 */
export async function expectSharedSessionAlive(
  request: APIRequestContext,
  role: SharedRole,
  when: 'before' | 'after',
): Promise<void> {
  const response = await request.get('/api/auth/middleware', {
    headers: { Authorization: `Bearer ${sharedSessionToken(role)}` },
  });
  const { authorized } = (await response.json()) as { authorized: boolean };
  const why =
    when === 'after'
      ? `this journey ended the shared session of ${SHARED_SESSIONS[role]} (signed out, changed its password or ` +
        'disabled it); a journey that does so signs in on its own with `signedInAs` or works on a fresh user'
      : `the shared session of ${SHARED_SESSIONS[role]} was ended by an earlier journey`;
  expect(authorized, why).toBe(true);
}
