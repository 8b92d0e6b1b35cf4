/**
 * Who calls: every role of Acme, the same roles of an unrelated company (Nimbus), a super admin, and two members of
 * Initech (limited membership): its business manager (`limited`, the limited company admin) and a caller.
 */
export const ACTORS = [
  'anonymous',
  'tokenHolder',
  'acmeCaller',
  'acmeBm',
  'acmePm',
  'acmeApi',
  'superAdmin',
  'otherCaller',
  'otherBm',
  'otherPm',
  'otherApi',
  'limited',
  'limitedCaller',
] as const;
export type ActorName = (typeof ACTORS)[number];

/** 'ok' is any 2xx; '403|404' where either is acceptable by design; numbers are exact statuses. */
export type Outcome = 'ok' | 302 | 303 | 401 | 403 | 404 | 409 | 422 | '403|404';

/** Ids of the test database, looked up by name (see world.ts). */
export interface World {
  companies: { acme: number; globex: number; initech: number; umbrella: number; other: number };
  users: Record<string, number>;
  /** Acme's contact document and a Globex one. */
  documents: { acme: number; globex: number };
  /** A partner group Acme belongs to, and one it does not. */
  groups: { acme: number; foreign: number };
  departments: { acme: number };
  /** Acme's relation row in its group. */
  relations: { acme: number };
  /** Open and accepted Acme → Globex cases; a Globex → Umbrella case no actor but the super admin may see. */
  cases: { acmeGlobex: string; accepted: string; foreign: string };
  /** Rows made by Acme's business manager before the matrix runs. */
  owned: { webhook: number; apiToken: number; export: number; attachment: number; documentFile: number };
  groupDocument: number;
  onboardingSession: number;
  emailTemplate: number;
  pendingRegistration: number;
  targets: MatrixTargets;
}

export interface MatrixTargets {
  /** Globex Storage Collaboration and a complete, valid submission to it (as Acme's caller would send it). */
  collaboration: { documentId: number; body: Record<string, unknown> };
  /** Globex's manager-escalation process, and a request to it from Acme (its token link). */
  managerDocument: number;
  /** Acme's own manager-escalation process (its managers try the form with a sample). */
  acmeManagerDocument: number;
  managerRequestToken: string;
  /** One unanswered manager request link per actor (a link takes one answer). */
  managerResponseLinks: Record<ActorName, string>;
  /** A search Acme's caller logged (results may be recorded on it by that user only). */
  acmeCallerSearch: number;
  /** A Globex process file (a real file, so a download is the access decision) and its process. */
  globexFile: { documentId: number; id: number };
  /** A file of Storage Alliance uploaded by Acme's business manager. */
  groupFile: number;
  /** One open Acme → Globex case per actor, for the token-link answer (answering changes the case for good). */
  respondCases: Record<ActorName, string>;
  /** An Acme caller that Acme's managers may edit and switch on and off without ending an actor's session. */
  spareAcmeUser: number;
  /** An accepted Globex → Acme case: Acme answers it as the receiving side. */
  acmeReceives: string;
  /** Acme's registration settings and its first process's details as they are (a save that changes nothing). */
  acmeRegistration: Record<string, unknown>;
  acmeProcessSettings: Record<string, unknown>;
  /** Each signed-in actor's e-mail (its own profile is saved with it), and a demo user's sign-in. */
  emails: Record<ActorName, string>;
  signIn: { email: string; password: string };
}

export type Params = Record<string, string | number>;

/** The expected outcome of one endpoint for every actor, and how to call it. */
export interface MatrixRow {
  expect: Record<ActorName, Outcome>;
  /** Path parameters; defaults come from `defaultParams` by parameter name. */
  params?: (world: World, actor: ActorName) => Params;
  /** Body for POST calls (default `{}`); a minimal valid body where the access check sits behind validation. */
  body?: (world: World, actor: ActorName) => object;
  query?: (world: World, actor: ActorName) => Record<string, string | number>;
  /** A multipart POST instead of a JSON body: form fields and files (small text files). */
  multipart?: (
    world: World,
    actor: ActorName,
  ) => { fields: Record<string, string>; files: { field: string; name: string; content?: string }[] };
  /** Checks a 2xx body: list counts, every row of the actor's tenant. */
  check?: (body: unknown, world: World, actor: ActorName) => void;
  /** Calls that end the caller's session (logout) get a session of their own. */
  freshSession?: boolean;
  /** Ends the actor for good (deleting one's own account): runs after every other row. */
  terminal?: boolean;
}

const NOBODY: Record<ActorName, Outcome> = Object.fromEntries(ACTORS.map((actor) => [actor, 403])) as Record<
  ActorName,
  Outcome
>;

/** Builds an expectation: start from `base`, then override per actor. */
export function outcomes(
  base: Outcome,
  overrides: Partial<Record<ActorName, Outcome>> = {},
): Record<ActorName, Outcome> {
  return { ...(Object.fromEntries(ACTORS.map((actor) => [actor, base])) as Record<ActorName, Outcome>), ...overrides };
}

/** Public call: same outcome for everyone unless overridden. */
export const open = (base: Outcome, overrides: Partial<Record<ActorName, Outcome>> = {}) => outcomes(base, overrides);

/** A signed-in call: 401 without a session, then per actor. */
export function signedIn(base: Outcome, overrides: Partial<Record<ActorName, Outcome>> = {}) {
  return outcomes(base, { anonymous: 401, tokenHolder: 401, ...overrides });
}

/** Super admins only: everyone else 403 (401 without a session). */
export function superAdminOnly(admin: Outcome) {
  return { ...NOBODY, anonymous: 401, tokenHolder: 401, superAdmin: admin } as Record<ActorName, Outcome>;
}

/** Business and program managers (and nobody else but the super admin's 403): `acme` for Acme's, `other` for foreign. */
export function companyAdmins(acme: Outcome, other: Outcome, limited: Outcome = other) {
  return {
    ...NOBODY,
    anonymous: 401,
    tokenHolder: 401,
    acmeBm: acme,
    acmePm: acme,
    otherBm: other,
    otherPm: other,
    limited,
  } as Record<ActorName, Outcome>;
}

/** Acme's managers see Acme's rows; helper for rows where the allowed actors must not destroy the shared fixture. */
export const isAcmeAdmin = (actor: ActorName) => actor === 'acmeBm' || actor === 'acmePm';
export const MISSING_ID = 987654;
