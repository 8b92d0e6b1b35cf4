import type { CaseStatus, Priority } from './constants/cases';
import { DEFAULT_RESPONSE_TIME_HOURS } from './constants/groups';

/**
 * The one SLA calculator of Casebridge, shared by the api (case pages and lists), the worker (late marking) and
 * the web (the live countdown). Pure functions: the caller passes `now`, so tests never depend on the clock.
 *
 * The clock of a case:
 * - starts at submission, due after the receiving group's response time for the priority;
 * - pauses while the receiver waits for requested information (slaPausedAt): the remaining time freezes;
 * - resumes on the submitter's answer: the paused time pushes the due time back;
 * - stops for good at the first final answer, accepted or rejected (slaStoppedAt).
 */

/** The response times a partner group may set, in hours (null or 0: the default applies). */
export interface SlaResponseTimes {
  p1ResponseTime: number | null;
  p2ResponseTime: number | null;
  p3ResponseTime: number | null;
}

/** The SLA columns of a case. */
export interface SlaClock {
  responseDueAt: Date | null;
  slaPausedAt: Date | null;
  slaStoppedAt: Date | null;
}

export type SlaState = 'none' | 'running' | 'paused' | 'late' | 'stopped';

export interface SlaView {
  state: SlaState;
  /** Time left until the due time; frozen while paused, negative once late; null without a running clock. */
  remainingMs: number | null;
}

const HOUR_MS = 3_600_000;

/** Hours the receiver has to answer: the group's time for the priority (P1 high, P2 medium, P3 low), else the default. */
export function responseTimeHours(priority: Priority, group: SlaResponseTimes | null): number {
  const custom =
    priority === 'high' ? group?.p1ResponseTime : priority === 'medium' ? group?.p2ResponseTime : group?.p3ResponseTime;
  return typeof custom === 'number' && custom > 0 ? custom : DEFAULT_RESPONSE_TIME_HOURS[priority];
}

/** When the answer to a case submitted at `submittedAt` is due. */
export function responseDueAt(submittedAt: Date, priority: Priority, group: SlaResponseTimes | null): Date {
  return new Date(submittedAt.getTime() + responseTimeHours(priority, group) * HOUR_MS);
}

export function isSlaStopped(clock: SlaClock): boolean {
  return clock.slaStoppedAt !== null;
}

/** Paused while information is requested; a stopped clock is not paused (it is over). */
export function isSlaPaused(clock: SlaClock): boolean {
  return !isSlaStopped(clock) && clock.slaPausedAt !== null;
}

/**
 * Milliseconds left at `now`: while paused the value is frozen at what was left when the pause began.
 * Null when the case has no due time or its clock stopped. Negative when overdue.
 */
export function slaRemainingMs(clock: SlaClock, now: Date): number | null {
  if (clock.responseDueAt === null || isSlaStopped(clock)) return null;
  const due = clock.responseDueAt.getTime();
  return isSlaPaused(clock) ? due - (clock.slaPausedAt as Date).getTime() : due - now.getTime();
}

/** Late: the clock runs (not stopped, not paused) and `now` is past the due time (not at it). */
export function isSlaLate(clock: SlaClock, now: Date): boolean {
  if (isSlaPaused(clock)) return false;
  const remaining = slaRemainingMs(clock, now);
  return remaining !== null && remaining < 0;
}

export function slaView(clock: SlaClock, now: Date): SlaView {
  if (isSlaStopped(clock)) return { state: 'stopped', remainingMs: null };
  const remainingMs = slaRemainingMs(clock, now);
  if (remainingMs === null) return { state: 'none', remainingMs: null };
  if (isSlaPaused(clock)) return { state: 'paused', remainingMs };
  return { state: isSlaLate(clock, now) ? 'late' : 'running', remainingMs };
}

/** Whole seconds the clock was paused, from `pausedAt` to `now` (rounded, never negative). */
export function pausedSeconds(pausedAt: Date, now: Date): number {
  return Math.max(0, Math.round((now.getTime() - pausedAt.getTime()) / 1000));
}

/**
 * The clock after the submitter answers at `now`: the paused time is added to the total and pushes the due time
 * back, so the remaining time is what it was when the pause began. A running clock is returned unchanged.
 */
export function resumeSlaClock<T extends SlaClock & { slaPausedSeconds: number }>(
  clock: T,
  now: Date,
): Pick<T, 'responseDueAt' | 'slaPausedAt' | 'slaPausedSeconds'> {
  if (clock.slaPausedAt === null || isSlaStopped(clock)) {
    return {
      responseDueAt: clock.responseDueAt,
      slaPausedAt: clock.slaPausedAt,
      slaPausedSeconds: clock.slaPausedSeconds,
    };
  }
  const paused = pausedSeconds(clock.slaPausedAt, now);
  return {
    responseDueAt: clock.responseDueAt ? new Date(clock.responseDueAt.getTime() + paused * 1000) : null,
    slaPausedAt: null,
    slaPausedSeconds: clock.slaPausedSeconds + paused,
  };
}

/**
 * The clock as a browser sees it, from the fields every case row and case page carries. The server stops the
 * clock exactly when a case leaves open/information (accepted or rejected; closed comes after accepted), so the
 * status stands for slaStoppedAt. The pause start is not sent, so a paused clock has no remaining time to show.
 */
export function slaViewOf(
  fields: { response_due_at: string | null; sla_paused: boolean; status: CaseStatus },
  now: Date,
): SlaView {
  if (fields.status !== 'open' && fields.status !== 'information') return { state: 'stopped', remainingMs: null };
  if (fields.response_due_at === null) return { state: 'none', remainingMs: null };
  if (fields.sla_paused) return { state: 'paused', remainingMs: null };
  return slaView({ responseDueAt: new Date(fields.response_due_at), slaPausedAt: null, slaStoppedAt: null }, now);
}

/** Short human duration: '3h 12m', '25m', '2d 4h', '45s'. */
export function formatSlaDuration(ms: number): string {
  const totalSeconds = Math.floor(Math.abs(ms) / 1000);
  const days = Math.floor(totalSeconds / 86_400);
  const hours = Math.floor((totalSeconds % 86_400) / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  if (days > 0) return hours > 0 ? `${days}d ${hours}h` : `${days}d`;
  if (hours > 0) return `${hours}h ${minutes}m`;
  if (minutes > 0) return `${minutes}m`;
  return `${totalSeconds % 60}s`;
}

/** The countdown's text: 'Response due in 3h 12m', 'Paused while information is requested', 'Late by 25m', 'Responded'. */
export function slaLabel(view: SlaView): string | null {
  switch (view.state) {
    case 'none':
      return null;
    case 'stopped':
      return 'Responded';
    case 'paused':
      return 'Paused while information is requested';
    case 'late':
      return `Late by ${formatSlaDuration(view.remainingMs ?? 0)}`;
    case 'running':
      return `Response due in ${formatSlaDuration(view.remainingMs ?? 0)}`;
  }
}
