import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '@/shared/i18n/i18n.ts';
import { catalogueName, catalogueShortName } from './license-catalogue-name.ts';

beforeAll(() => initI18n('en'));

const inLanguage = (language: string) => i18n.getFixedT(language);

describe('license catalogue names', () => {
  it('keeps the English names and shortens them for the chart', () => {
    const t = inLanguage('en');
    expect(catalogueName(t, 'xPro license 1 year')).toBe('xPro license 1 year');
    expect(catalogueName(t, 'Storage license 30 days retention 1 year')).toBe(
      'Storage license 30 days retention 1 year',
    );
    expect(catalogueName(t, 'Speaker license 3 years')).toBe('Speaker license 3 years');
    expect(catalogueShortName(t, 'Storage license 90 days retention 1 year')).toBe('Storage 90-day · 1 year');
    expect(catalogueShortName(t, 'xPro license 5 years')).toBe('xPro · 5 years');
  });

  it('translates them into Traditional Chinese with full-width punctuation', () => {
    const t = inLanguage('zh-TW');
    expect(catalogueName(t, 'xPro license 1 year')).toBe('xPro 授權 1 年');
    expect(catalogueName(t, 'Storage license 30 days retention 1 year')).toBe('儲存授權 1 年（保存 30 天）');
    expect(catalogueName(t, 'Speaker license 3 years')).toBe('廣播喇叭授權 3 年');
    expect(catalogueShortName(t, 'Storage license 90 days retention 1 year')).toBe('儲存 1 年（90 天）');
  });

  it('shows a name outside the catalogue form as it is', () => {
    expect(catalogueName(inLanguage('zh-TW'), 'Enterprise bundle')).toBe('Enterprise bundle');
  });
});
