import { describe, expect, it } from 'vitest';
import { renderMail } from '../../src/domain/mail/templates.ts';
import {
  type IncidentMailLine,
  type IncidentMailPayload,
  MAX_LISTED_INCIDENTS,
} from '../../src/domain/notifications/mail/mail-template.ts';

/** A storm is one mail per recipient (mail-delivery.test.ts); this is what that one mail looks like. */
function storm(count: number): IncidentMailPayload {
  const incidents: IncidentMailLine[] = Array.from({ length: count }, (_, i) => ({
    id: String(i + 1),
    device: `Camera ${i + 1}`,
    customer: 'Harbor Clinic',
    site: 'Main site',
    category: 'CAMERA',
    type: 'OFFLINE',
    since: '2026-11-24T10:00:00.000Z',
    state: 'opened',
  }));
  return {
    timeZone: 'Asia/Taipei',
    portalUrl: 'https://portal.example',
    unsubscribeUrl: 'https://portal.example/api/notifications/v1/unsubscribe?token=t',
    incidents,
  };
}

const render = (locale: 'en' | 'zh-TW', payload: IncidentMailPayload) =>
  renderMail('incident-bundle', locale, { brand: 'lumora', params: { payload: JSON.stringify(payload) } });

describe('incident mail of a storm', () => {
  it('counts every incident but lists the first ones, then points at the incidents page', () => {
    const mail = render('en', storm(10_000));
    expect(mail.subject).toContain('10000 new incident(s)');
    expect(mail.text.match(/\[OPENED\]/g)).toHaveLength(MAX_LISTED_INCIDENTS);
    expect(mail.text).toContain(
      `… and ${10_000 - MAX_LISTED_INCIDENTS} more: https://portal.example/incidents`,
    );
    expect(mail.html.match(/<tr>/g)).toHaveLength(MAX_LISTED_INCIDENTS);
    expect(mail.html).toContain(`and ${10_000 - MAX_LISTED_INCIDENTS} more`);
    expect(mail.text.length).toBeLessThan(40_000);
  });

  it('in Traditional Chinese too, and lists a small bundle whole', () => {
    expect(render('zh-TW', storm(150)).text).toContain('……另有 50 個事件：https://portal.example/incidents');
    const small = render('en', storm(3));
    expect(small.text.match(/\[OPENED\]/g)).toHaveLength(3);
    expect(small.text).not.toContain('more:');
  });
});
