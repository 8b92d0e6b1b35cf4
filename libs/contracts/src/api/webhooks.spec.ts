import { webhookDisabledReason } from './webhooks';

describe('webhookDisabledReason', () => {
  it('says days for whole days and hours otherwise', () => {
    expect(webhookDisabledReason(72)).toBe('Disabled after failing for 3 days');
    expect(webhookDisabledReason(24)).toBe('Disabled after failing for 1 day');
    expect(webhookDisabledReason(36)).toBe('Disabled after failing for 36 hours');
    expect(webhookDisabledReason(1)).toBe('Disabled after failing for 1 hour');
  });
});
