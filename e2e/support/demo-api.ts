import { expect, type APIRequestContext } from '@playwright/test';
import { STORAGE_KEYS } from '../../libs/contracts/src';
import type { Mailbox } from './mailbox';
import { E2E_STACK } from './stack';

/** The password of every seeded demo identity. */
const DEMO_PASSWORD = 'Passw0rd!';

/** A browser context's starting storage (Playwright's storageState shape). */
export interface SignedInState {
  cookies: never[];
  origins: { origin: string; localStorage: { name: string; value: string }[] }[];
}

/** The seeded demo read through the real api as its users see it, for journeys that need real ids and tokens. */
export class DemoApi {
  private readonly tokens = new Map<string, string>();

  constructor(private readonly request: APIRequestContext) {}

  /** This user's token, signed in on first use and kept for the calls after. */
  async token(email: string, password = DEMO_PASSWORD): Promise<string> {
    const known = this.tokens.get(email);
    if (known) return known;
    const token = await this.signIn(email, password);
    this.tokens.set(email, token);
    return token;
  }

  /** A session of its own (a new sign-in each call): signing it out ends no other. */
  async signIn(email: string, password = DEMO_PASSWORD): Promise<string> {
    const login = await this.request.post('/api/auth/login', { data: { email, password } });
    expect(login.status(), `sign-in of ${email}: ${await login.text()}`).toBe(200);
    const { access_token } = (await login.json()) as { access_token: string };
    return access_token;
  }

  async get<T>(email: string, path: string): Promise<T> {
    const response = await this.request.get(`/api/${path}`, { headers: await this.bearer(email) });
    expect(response.status(), `GET ${path} as ${email}`).toBe(200);
    return (await response.json()) as T;
  }

  /** A public path (a token page's call): no session. */
  async getPublic<T>(path: string): Promise<T> {
    const response = await this.request.get(`/api/${path}`);
    expect(response.status(), `GET ${path} as a visitor`).toBe(200);
    return (await response.json()) as T;
  }

  /** A clean-up's GET: done (200) or already gone (404) are both fine. */
  async getAllowingGone(email: string, path: string): Promise<void> {
    const response = await this.request.get(`/api/${path}`, { headers: await this.bearer(email) });
    expect([200, 404], `GET ${path} as ${email}: ${await response.text()}`).toContain(response.status());
  }

  /** Calls as `email` go with this session's token (one signed in elsewhere, e.g. a shared session). */
  useSession(email: string, token: string): void {
    this.tokens.set(email, token);
  }

  async post<T>(email: string | null, path: string, data: object): Promise<T> {
    const headers = email ? await this.bearer(email) : {};
    const response = await this.request.post(`/api/${path}`, { headers, data });
    expect(response.status(), `POST ${path} as ${email ?? 'a visitor'}: ${await response.text()}`).toBe(200);
    return (await response.json()) as T;
  }

  /**
   * What a tab keeps after this user signed in (token, role and membership level in localStorage), so a browser
   * context starts signed in without going through the login form each time. `token`: a session opened by
   * `signIn`; without it, the session this DemoApi keeps for the user.
   */
  async signedInState(email: string, token?: string): Promise<SignedInState> {
    token ??= await this.token(email);
    const answer = await this.request.get('/api/auth/middleware', { headers: { Authorization: `Bearer ${token}` } });
    const { authorized, role, level } = (await answer.json()) as {
      authorized: boolean;
      role: string;
      level: string | null;
    };
    expect(authorized, `the session of ${email} authorizes`).toBe(true);
    const localStorage = [
      { name: STORAGE_KEYS.token, value: token },
      { name: STORAGE_KEYS.role, value: role },
      ...(level ? [{ name: STORAGE_KEYS.level, value: level }] : []),
    ];
    return { cookies: [], origins: [{ origin: E2E_STACK.baseUrl, localStorage }] };
  }

  private async bearer(email: string): Promise<Record<string, string>> {
    return { Authorization: `Bearer ${await this.token(email)}` };
  }
}

/** The path of the first link containing `fragment` in the newest mail to `to` that mentions `mentions`. */
export async function mailedLink(mailbox: Mailbox, to: string, fragment: string, mentions = ''): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await mailbox.all()).reverse();
        const mail = mails.find((item) => item.to.includes(to.toLowerCase()) && item.html.includes(mentions));
        link = mail?.links.find((href) => href.includes(fragment));
        return link;
      },
      { message: `a mail to ${to} with a ${fragment} link`, timeout: 20_000 },
    )
    .toBeTruthy();
  const url = new URL(link!, E2E_STACK.baseUrl);
  return url.pathname + url.search;
}
