import type { OrganizationListItem } from '@portal/contracts/organizations';
import { describe, expect, it } from 'vitest';
import { filterOrganizations } from './filter-organizations.ts';

const customer = (id: string, name: string, reference: string): OrganizationListItem => ({
  id,
  name,
  reference,
  siteCount: 1,
  license: { expired: 0, expireSoon: 0, unlicensed: 0 },
  devices: { total: 0, offline: 0, abnormal: 0 },
});

const customers = [customer('1', 'Harbor Logistics', 'HL-204'), customer('2', 'Green Valley Farm', 'GV-11')];

describe('filterOrganizations', () => {
  it('matches the name or the reference, ignoring case and surrounding spaces', () => {
    expect(filterOrganizations(customers, ' harbor ').map((c) => c.id)).toEqual(['1']);
    expect(filterOrganizations(customers, 'gv-1').map((c) => c.id)).toEqual(['2']);
    expect(filterOrganizations(customers, 'nothing')).toEqual([]);
  });

  it('returns the same list for an empty search', () => {
    expect(filterOrganizations(customers, '  ')).toBe(customers);
  });
});
