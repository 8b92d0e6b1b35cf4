import type { Community } from '@casebridge/db';
import { isPriorityLocked, priorityMessagesOf, responseHours, slaGroupOf } from './priority';

const group = (overrides: Partial<Community> = {}) =>
  ({
    status: 'active',
    customSla: false,
    p1Message: null,
    p2Message: null,
    p3Message: null,
    p1ResponseTime: null,
    p2ResponseTime: null,
    p3ResponseTime: null,
    ...overrides,
  }) as Community;

describe('priority rules (basic and standard are locked to low)', () => {
  it('locks low for basic or standard on either side, unless custom messages exist', () => {
    expect(isPriorityLocked('premium', 'elite', null)).toBe(false);
    expect(isPriorityLocked('basic', 'elite', null)).toBe(true);
    expect(isPriorityLocked('premium', 'standard', null)).toBe(true);
    expect(isPriorityLocked('basic', 'standard', { low: 'x', medium: null, high: null })).toBe(false);
  });

  it('takes the messages of the first active custom-SLA group', () => {
    const plain = group({ p1Message: 'ignored' });
    const custom = group({ customSla: true, p1Message: 'P1 now', p3Message: 'P3 later' });
    expect(slaGroupOf([plain, group({ customSla: true, status: 'inactive' }), custom])).toBe(custom);
    expect(priorityMessagesOf(custom)).toEqual({ high: 'P1 now', medium: null, low: 'P3 later' });
    expect(priorityMessagesOf(group({ customSla: true }))).toBeNull();
    expect(priorityMessagesOf(null)).toBeNull();
  });

  it('answers within the group time for the priority, else the default', () => {
    expect(responseHours(null, 'high')).toBe(2);
    expect(responseHours(null, 'medium')).toBe(8);
    expect(responseHours(null, 'low')).toBe(24);
    expect(responseHours(group({ customSla: true, p1ResponseTime: 1, p3ResponseTime: 48 }), 'high')).toBe(1);
    expect(responseHours(group({ customSla: true, p1ResponseTime: 1, p3ResponseTime: 48 }), 'low')).toBe(48);
    expect(responseHours(group({ customSla: true, p1ResponseTime: 1 }), 'medium')).toBe(8);
  });
});
