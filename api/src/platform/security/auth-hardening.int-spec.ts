import { MESSAGES, SERVER_EVENTS, SOCKET_PATH } from '@casebridge/contracts';
import { User, type Company } from '@casebridge/db';
import { PASSWORD_HASH_OPTIONS } from '@casebridge/server-core';
import { EntityManager } from '@mikro-orm/postgresql';
import * as argon2 from 'argon2';
import { io, type Socket } from 'socket.io-client';
import { bearer, startApi, type ApiHarness } from '../../../../test/kit/api-harness';
import { aCompany, aUser, domainOf, FACTORY_PASSWORD, signedIn } from '../../../../test/kit/factories';

/**
 * Auth hardening (issue #7, Security): password hashing parameters, failed-login limits per account and per
 * address, and sessions plus sockets ended by logout and by disabling the user.
 * Refresh-token reuse revoking its family is proven in api/src/accounts/sessions/auth.int-spec.ts
 * ("refresh rotates the token; the old one stops working and its reuse ends the session").
 */

/** OWASP Password Storage Cheat Sheet minimum for argon2id: 19 MiB, 2 iterations, 1 lane. */
const OWASP = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };
const LOGIN_LIMIT = 3;

interface PhcArgon2 {
  algorithm: string;
  version: number;
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/** $argon2id$v=19$m=19456,t=2,p=1$salt$hash */
function parsePhc(hash: string): PhcArgon2 {
  const match = /^\$(argon2(?:id|i|d))\$v=(\d+)\$m=(\d+),t=(\d+),p=(\d+)\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/.exec(hash);
  if (!match) throw new Error(`not an argon2 PHC string: ${hash}`);
  const [, algorithm, version, m, t, p] = match;
  return { algorithm, version: Number(version), memoryCost: Number(m), timeCost: Number(t), parallelism: Number(p) };
}

describe('auth hardening (real PostgreSQL and Redis)', () => {
  let api: ApiHarness;
  const em = () => api.app.get(EntityManager).fork();
  const sockets: Socket[] = [];
  let company: Company;

  beforeAll(async () => {
    api = await startApi({ LOGIN_RATE_LIMIT: String(LOGIN_LIMIT), LOGIN_RATE_WINDOW: '60' });
    company = await aCompany(api);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await api.close();
  });

  /** A login from a given client address (the api trusts X-Forwarded-For from loopback, as behind its proxy). */
  const loginFrom = (address: string, email: string, password: string) =>
    api.http().post('/api/auth/login').set('X-Forwarded-For', address).send({ email, password });

  async function connect(token: string): Promise<Socket> {
    const socket = io(api.url, { path: SOCKET_PATH, auth: { token }, transports: ['websocket'], reconnection: false });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return socket;
  }

  describe('argon2id parameters', () => {
    it('the exported options are argon2id at or above OWASP', () => {
      expect(PASSWORD_HASH_OPTIONS.type).toBe(argon2.argon2id);
      expect(PASSWORD_HASH_OPTIONS.memoryCost).toBeGreaterThanOrEqual(OWASP.memoryCost);
      expect(PASSWORD_HASH_OPTIONS.timeCost).toBeGreaterThanOrEqual(OWASP.timeCost);
      expect(PASSWORD_HASH_OPTIONS.parallelism).toBe(OWASP.parallelism);
    });

    it('a freshly set password is stored as argon2id with those parameters', async () => {
      const bm = await aUser(api, { company, role: 'business_manager' });
      const fresh = 'Fresh#Passw0rd';
      await api
        .http()
        .post('/api/users/password')
        .set(bearer(await signedIn(api, bm)))
        .send({ current_password: FACTORY_PASSWORD, password: fresh, password_confirmation: fresh })
        .expect(200);
      const stored = await em().findOneOrFail(User, bm.id);
      const phc = parsePhc(stored.passwordHash!);
      expect(phc.algorithm).toBe('argon2id');
      expect(phc.version).toBe(19);
      expect(phc.memoryCost).toBeGreaterThanOrEqual(OWASP.memoryCost);
      expect(phc.timeCost).toBeGreaterThanOrEqual(OWASP.timeCost);
      expect(phc.parallelism).toBe(OWASP.parallelism);
      expect(await argon2.verify(stored.passwordHash!, fresh)).toBe(true);
    });
  });

  describe('failed-login limits', () => {
    it(`per account: after ${LOGIN_LIMIT} failures the account answers 429 Too Many Requests, from any address`, async () => {
      const caller = await aUser(api, { company, role: 'caller' });
      const colleague = await aUser(api, { company, role: 'business_manager' });
      for (let i = 0; i < LOGIN_LIMIT; i++) {
        await loginFrom('198.51.100.10', caller.email, 'Wrong1!pass').expect(401);
      }
      const limited = await loginFrom('198.51.100.10', caller.email, 'Wrong1!pass').expect(429);
      expect(limited.body).toEqual({ error: MESSAGES.tooManyRequests });
      // The right password from another address is refused too: the limit belongs to the account.
      await loginFrom('198.51.100.11', caller.email, FACTORY_PASSWORD).expect(429);
      // Other accounts are not affected by this account's lockout.
      await loginFrom('198.51.100.12', colleague.email, FACTORY_PASSWORD).expect(200);
    });

    it('per address: failures spread over many accounts lock the address, not the accounts', async () => {
      // The address limit is looser than the account one (an office shares one address): 5x the account limit.
      const addressLimit = LOGIN_LIMIT * 5;
      const caller = await aUser(api, { company, role: 'caller' });
      for (let i = 0; i < addressLimit; i++) {
        // A different unknown account each time, so no account limit is reached.
        await loginFrom('203.0.113.7', `nobody-${i}@${domainOf(company)}`, 'Wrong1!pass').expect(401);
      }
      const limited = await loginFrom('203.0.113.7', caller.email, FACTORY_PASSWORD).expect(429);
      expect(limited.body).toEqual({ error: MESSAGES.tooManyRequests });
      // The same account from another address still signs in.
      await loginFrom('203.0.113.8', caller.email, FACTORY_PASSWORD).expect(200);
    });
  });

  describe('ending sessions and sockets', () => {
    it('logout ends that session and its sockets, and leaves the other sessions of the user alone', async () => {
      const apiUser = await aUser(api, { company, role: 'api' });
      const loggingOut = await signedIn(api, apiUser);
      const otherDevice = await signedIn(api, apiUser);
      const socket = await connect(loggingOut);
      const otherSocket = await connect(otherDevice);
      const ended = new Promise<unknown>((resolve) => socket.once(SERVER_EVENTS.sessionEnded, resolve));
      const closed = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));

      await api.http().post('/api/auth/logout').set(bearer(loggingOut)).expect(200, { success: true });

      await expect(ended).resolves.toEqual({ reason: 'logout' });
      await closed;
      expect(socket.connected).toBe(false);
      await api.http().get('/api/auth/me').set(bearer(loggingOut)).expect(401);
      await api.http().post('/api/auth/refresh').set(bearer(loggingOut)).expect(401);
      // A logged-out token cannot open a new socket either.
      await expect(connect(loggingOut)).rejects.toThrow();

      expect(otherSocket.connected).toBe(true);
      await api.http().get('/api/auth/me').set(bearer(otherDevice)).expect(200);
    });

    it('disabling the user (company admin status call) ends the sessions and sockets; refresh fails', async () => {
      const admin = await signedIn(api, await aUser(api, { company, role: 'business_manager' }));
      const caller = await aUser(api, { company, role: 'caller' });
      const callerToken = await signedIn(api, caller);
      const socket = await connect(callerToken);
      const ended = new Promise<unknown>((resolve) => socket.once(SERVER_EVENTS.sessionEnded, resolve));
      const closed = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));

      await api
        .http()
        .post(`/api/admin/company/users/${caller.id}/status`)
        .set(bearer(admin))
        .send({ status: 'inactive' })
        .expect(200);

      await expect(ended).resolves.toEqual({ reason: 'disabled' });
      await closed;
      expect(socket.connected).toBe(false);
      await api.http().get('/api/auth/me').set(bearer(callerToken)).expect(401);
      await api.http().post('/api/auth/refresh').set(bearer(callerToken)).expect(401);
      await expect(connect(callerToken)).rejects.toThrow();
    });
  });
});
