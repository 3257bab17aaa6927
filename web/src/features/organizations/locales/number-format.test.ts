import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '@/shared/i18n/i18n.ts';

describe('customer list counts', () => {
  beforeAll(() => initI18n('en'));

  it('group thousands in English', () => {
    const t = i18n.getFixedT('en');
    expect(t('customers.list.count', { count: 1000 })).toBe('1,000 customers');
    expect(t('customers.list.count', { count: 1 })).toBe('1 customer');
    expect(t('customers.list.sites', { count: 2500 })).toBe('2,500 sites');
    expect(t('customers.map.cluster', { count: 1234 })).toBe('1,234 sites');
    expect(t('customers.list.matchCount.devices', { count: 12000, customers: '1,000 customers' })).toBe(
      '1,000 customers · 12,000 devices',
    );
  });

  it('group thousands in Traditional Chinese', () => {
    const t = i18n.getFixedT('zh-TW');
    expect(t('customers.list.count', { count: 1000 })).toBe('1,000 位客戶');
    expect(t('customers.map.noLocation', { count: 1200 })).toBe('1,200 個站點沒有位置資訊，未顯示於地圖。');
  });
});
