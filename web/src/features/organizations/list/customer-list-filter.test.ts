import type { OrganizationListItem } from '@portal/contracts/organizations';
import { describe, expect, it } from 'vitest';
import { matchesCustomerFilter, parseCustomerFilter, withoutCustomerFilter } from './customer-list-filter.ts';

const parse = (query: string) => parseCustomerFilter(new URLSearchParams(query));

describe('customer list filter from dashboard links', () => {
  it('reads license states and device health', () => {
    expect(parse('license=expiring&licenseType=STD&within=60')).toBe('expiring');
    expect(parse('license=unlicensed')).toBe('unlicensed');
    expect(parse('status=offline&device=camera')).toBe('offline');
    expect(parse('device=server&status=diskFailed')).toBe('abnormal');
    expect(parse('q=abc')).toBeNull();
  });

  it('drops every link parameter but keeps the search and the view', () => {
    const next = withoutCustomerFilter(new URLSearchParams('license=expired&within=30&q=abc&view=mapMode'));
    expect(next.toString()).toBe('q=abc&view=mapMode');
  });

  it('matches the per-customer totals', () => {
    const customer: OrganizationListItem = {
      id: '1',
      name: 'A',
      reference: '',
      siteCount: 1,
      license: { expired: 0, expireSoon: 2, unlicensed: 0 },
      devices: { total: 5, offline: 0, abnormal: 1 },
    };
    expect(matchesCustomerFilter(customer, 'expiring')).toBe(true);
    expect(matchesCustomerFilter(customer, 'expired')).toBe(false);
    expect(matchesCustomerFilter(customer, 'abnormal')).toBe(true);
    expect(matchesCustomerFilter(customer, 'offline')).toBe(false);
  });
});
