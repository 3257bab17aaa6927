import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '@/shared/i18n/i18n.ts';
import { regionName } from './region-name.ts';

beforeAll(() => initI18n('en'));

describe('region names', () => {
  it('translates the regions the portal knows by id', () => {
    const region = { id: 'north-america', name: 'North America' };
    expect(regionName(i18n.getFixedT('en'), region)).toBe('North America');
    expect(regionName(i18n.getFixedT('zh-TW'), region)).toBe('北美');
    expect(regionName(i18n.getFixedT('zh-TW'), { id: 'asia-pacific', name: 'Asia Pacific' })).toBe('亞太');
  });

  it('shows any other region by its stored name', () => {
    expect(regionName(i18n.getFixedT('zh-TW'), { id: 'latam', name: 'Latin America' })).toBe('Latin America');
    expect(regionName(i18n.getFixedT('zh-TW'), { id: 'a.b', name: 'Odd id' })).toBe('Odd id');
  });
});
