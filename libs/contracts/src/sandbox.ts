import type { CaseEventType, RespondStatus } from './constants/cases';

/**
 * The sandbox partner ("Casebridge Sandbox"): a seeded company whose process every full member may submit to, and
 * which answers by itself (the worker, as a partner answers on the token page) a few seconds after each case event
 * that awaits it. What it does is chosen by whole words of the case's summary, case-insensitive; when several are
 * there, the first of this order wins: `silent`, `reject`, `info`/`information`, `accept`. No word: it stays silent.
 */
export const SANDBOX_BEHAVIOURS = ['silent', 'reject', 'information', 'accept'] as const;
export type SandboxBehaviour = (typeof SANDBOX_BEHAVIOURS)[number];

/** The words of each behaviour, as the docs and the sandbox's process text list them. */
export const SANDBOX_WORDS: Record<SandboxBehaviour, readonly string[]> = {
  silent: ['silent'],
  reject: ['reject'],
  information: ['info', 'information'],
  accept: ['accept'],
};

/** The case events the sandbox answers: a new case, and the submitter's answer to its information request. */
export const SANDBOX_TRIGGER_EVENTS: readonly CaseEventType[] = ['submitted', 'information_supplied'];

const words = (summary: string) => new Set(summary.toLowerCase().match(/[a-z]+/g) ?? []);

/** What the sandbox does with a case, from its summary. */
export function sandboxBehaviour(summary: string): SandboxBehaviour {
  const found = words(summary);
  return SANDBOX_BEHAVIOURS.find((behaviour) => SANDBOX_WORDS[behaviour].some((word) => found.has(word))) ?? 'silent';
}

/**
 * The sandbox's answer to one of its case's events, as a token-page answer, or null when it says nothing:
 * - submitted: `accept` accepts; `information` asks for information; `reject` asks too, since a case may only be
 *   rejected once information was asked for (allowedAnswers); `silent` says nothing, ever;
 * - information supplied: `reject` rejects, `information` (and `accept`) accept.
 */
export function sandboxAnswer(behaviour: SandboxBehaviour, event: CaseEventType): RespondStatus | null {
  if (behaviour === 'silent') return null;
  if (event === 'submitted') return behaviour === 'accept' ? 'accepted' : 'information';
  if (event === 'information_supplied') return behaviour === 'reject' ? 'rejected' : 'accepted';
  return null;
}
