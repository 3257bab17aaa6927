import { AUDIT_ACTIONS, type AuditEntry } from '@portal/contracts/audit';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { entrySentence } from './entry-sentence.ts';
import en from './locales/en.json';
import zhTW from './locales/zh-TW.json';

const entry = (action: string): AuditEntry => ({
  id: '1',
  at: '2026-11-26T08:00:00.000Z',
  action,
  actor: { type: 'user', id: 'u1', email: 'olivia@example.com', name: 'Olivia Bennett' },
  target: { type: 'organization', id: 'o1', name: 'Maggio LLC' },
  organizationId: 'o1',
  organizationName: 'Maggio LLC',
  address: null,
  userAgent: null,
  before: null,
  after: null,
});

describe('an audit entry as a sentence', () => {
  for (const [language, resources] of [
    ['en', en],
    ['zh-TW', zhTW],
  ] as const) {
    it(`has one of its own for every action the portal records (${language})`, async () => {
      const i18n = i18next.createInstance();
      await i18n.init({ lng: language, resources: { [language]: { translation: resources } } });
      const generic = entrySentence(entry('no.such-action'), i18n.t);
      for (const action of AUDIT_ACTIONS) {
        const sentence = entrySentence(entry(action), i18n.t);
        expect(sentence, action).not.toContain(action);
        expect(sentence, action).not.toBe(generic.replace('no.such-action', action));
      }
    });
  }

  it('reads an action it does not know as "actor: action target"', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ lng: 'en', resources: { en: { translation: en } } });
    expect(entrySentence(entry('legacy.thing'), i18n.t)).toBe('Olivia Bennett: legacy.thing Maggio LLC');
  });
});
