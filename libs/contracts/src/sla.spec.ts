import {
  formatSlaDuration,
  isSlaLate,
  isSlaPaused,
  resumeSlaClock,
  responseDueAt,
  responseTimeHours,
  slaLabel,
  slaRemainingMs,
  slaView,
  slaViewOf,
  type SlaClock,
} from './sla';

const T0 = Date.parse('2026-03-02T09:00:00.000Z');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** The instant `minutes` after T0. */
const at = (minutes: number): Date => new Date(T0 + minutes * MINUTE);

const noGroup = null;
const group = { p1ResponseTime: 1, p2ResponseTime: null, p3ResponseTime: 0 };

function running(dueMinutes: number): SlaClock {
  return { responseDueAt: at(dueMinutes), slaPausedAt: null, slaStoppedAt: null };
}

describe('response due time', () => {
  it('uses the default hours per priority without a group', () => {
    expect(responseTimeHours('high', noGroup)).toBe(2);
    expect(responseTimeHours('medium', noGroup)).toBe(8);
    expect(responseTimeHours('low', noGroup)).toBe(24);
  });

  it("uses the group's hours where it sets a positive value, the default elsewhere", () => {
    expect(responseTimeHours('high', group)).toBe(1);
    expect(responseTimeHours('medium', group)).toBe(8);
    expect(responseTimeHours('low', group)).toBe(24);
  });

  it('adds the hours to the submission time', () => {
    expect(responseDueAt(at(0), 'high', group).toISOString()).toBe(at(60).toISOString());
    expect(responseDueAt(at(0), 'medium', noGroup).getTime()).toBe(T0 + 8 * HOUR);
  });
});

describe('remaining time and lateness', () => {
  it('counts down while the clock runs', () => {
    const clock = running(120);
    expect(slaRemainingMs(clock, at(0))).toBe(120 * MINUTE);
    expect(slaRemainingMs(clock, at(90))).toBe(30 * MINUTE);
    expect(slaView(clock, at(90))).toEqual({ state: 'running', remainingMs: 30 * MINUTE });
  });

  it('is not late at the due instant, late one millisecond after', () => {
    const clock = running(120);
    expect(isSlaLate(clock, at(120))).toBe(false);
    expect(isSlaLate(clock, new Date(at(120).getTime() + 1))).toBe(true);
    expect(slaView(clock, at(145))).toEqual({ state: 'late', remainingMs: -25 * MINUTE });
  });

  it('freezes the remaining time while paused and is never late then', () => {
    const clock: SlaClock = { responseDueAt: at(120), slaPausedAt: at(30), slaStoppedAt: null };
    expect(isSlaPaused(clock)).toBe(true);
    expect(slaRemainingMs(clock, at(31))).toBe(90 * MINUTE);
    expect(slaRemainingMs(clock, at(500))).toBe(90 * MINUTE);
    expect(isSlaLate(clock, at(500))).toBe(false);
    expect(slaView(clock, at(500)).state).toBe('paused');
  });

  it('resuming pushes the due time back by the pause, so the remaining time carries on', () => {
    const paused = { responseDueAt: at(120), slaPausedAt: at(30), slaStoppedAt: null, slaPausedSeconds: 600 };
    const resumed = resumeSlaClock(paused, at(230));
    expect(resumed).toEqual({ responseDueAt: at(320), slaPausedAt: null, slaPausedSeconds: 600 + 200 * 60 });
    const clock = { ...paused, ...resumed };
    expect(slaRemainingMs(clock, at(230))).toBe(90 * MINUTE);
    expect(isSlaLate(clock, at(320))).toBe(false);
    expect(isSlaLate(clock, at(321))).toBe(true);
  });

  it('resuming a running clock changes nothing', () => {
    const clock = { ...running(120), slaPausedSeconds: 30 };
    expect(resumeSlaClock(clock, at(60))).toEqual({ responseDueAt: at(120), slaPausedAt: null, slaPausedSeconds: 30 });
  });

  it('a stopped clock has no remaining time and is never late or paused', () => {
    const clock: SlaClock = { responseDueAt: at(120), slaPausedAt: at(10), slaStoppedAt: at(20) };
    expect(slaRemainingMs(clock, at(500))).toBeNull();
    expect(isSlaLate(clock, at(500))).toBe(false);
    expect(isSlaPaused(clock)).toBe(false);
    expect(slaView(clock, at(500))).toEqual({ state: 'stopped', remainingMs: null });
  });

  it('a case without due time has no clock', () => {
    const clock: SlaClock = { responseDueAt: null, slaPausedAt: null, slaStoppedAt: null };
    expect(isSlaLate(clock, at(500))).toBe(false);
    expect(slaView(clock, at(0)).state).toBe('none');
  });
});

describe('the browser view', () => {
  const fields = { response_due_at: at(120).toISOString(), sla_paused: false };

  it('derives the state from the case fields', () => {
    expect(slaViewOf({ ...fields, status: 'open' }, at(0))).toEqual({ state: 'running', remainingMs: 120 * MINUTE });
    expect(slaViewOf({ ...fields, status: 'information' }, at(150)).state).toBe('late');
    expect(slaViewOf({ ...fields, sla_paused: true, status: 'information' }, at(150)).state).toBe('paused');
    expect(slaViewOf({ ...fields, status: 'accepted' }, at(150)).state).toBe('stopped');
    expect(slaViewOf({ ...fields, status: 'rejected' }, at(150)).state).toBe('stopped');
    expect(slaViewOf({ ...fields, status: 'closed' }, at(150)).state).toBe('stopped');
    expect(slaViewOf({ response_due_at: null, sla_paused: false, status: 'open' }, at(0)).state).toBe('none');
  });

  it('labels each state', () => {
    expect(slaLabel({ state: 'running', remainingMs: 3 * HOUR + 12 * MINUTE + 40_000 })).toBe('Response due in 3h 12m');
    expect(slaLabel({ state: 'late', remainingMs: -25 * MINUTE - 5000 })).toBe('Late by 25m');
    expect(slaLabel({ state: 'paused', remainingMs: null })).toBe('Paused while information is requested');
    expect(slaLabel({ state: 'stopped', remainingMs: null })).toBe('Responded');
    expect(slaLabel({ state: 'none', remainingMs: null })).toBeNull();
  });

  it('formats durations', () => {
    expect(formatSlaDuration(45_000)).toBe('45s');
    expect(formatSlaDuration(25 * MINUTE)).toBe('25m');
    expect(formatSlaDuration(2 * HOUR)).toBe('2h 0m');
    expect(formatSlaDuration(52 * HOUR)).toBe('2d 4h');
    expect(formatSlaDuration(48 * HOUR)).toBe('2d');
  });
});
