import { describe, expect, it } from 'vitest';
import { DEFAULT_SUBSCRIPTION } from './notification-defaults.ts';
import { subscriptionSchema } from './notifications.ts';

describe('the default subscription (decision 0020)', () => {
  it('is a subscription answer that mails every incident at once, the digest at 08:00', () => {
    const answer = subscriptionSchema.parse({ ...DEFAULT_SUBSCRIPTION, saved: false });
    expect(answer).toMatchObject({ delivery: 'immediate', events: [], organizationIds: null, digestHour: 8 });
    expect(answer).toMatchObject({ reminders: true, quietHours: null, timeZone: null });
  });
});
