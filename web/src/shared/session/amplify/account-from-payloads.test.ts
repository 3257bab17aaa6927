import type { CompanyInfo, Profile } from '@portal/contracts/reseller';
import { describe, expect, it } from 'vitest';
import { accountFromPayloads } from './account-from-payloads.ts';

const profile: Profile = {
  userId: 'u-1',
  name: 'Olive Owner',
  email: 'owner@northwind.example',
  locale: 'en',
  companyId: 'c-1',
  welcomeVideoSeen: false,
};

const company: CompanyInfo = {
  id: 'c-1',
  name: 'Northwind',
  phone: '',
  ownerEmail: 'owner@northwind.example',
  region: null,
  type: ['dealer'],
  vendor: 'lumora',
  owner: true,
  member: false,
  availableRoleList: ['dealer'],
  hierarchyAuth: ['dealer'],
  hierarchyParent: { id: 'p-1', name: 'Pinecrest' },
  autoGenerateOrderKey: false,
};

describe('accountFromPayloads', () => {
  it('takes the current role from the first company type and keeps owner flags and permissions', () => {
    const account = accountFromPayloads(profile, { ...company, type: ['disty', 'dealer'] });
    expect(account.user).toMatchObject({
      id: 'u-1',
      role: 'disty',
      roles: ['disty', 'dealer'],
      isCompanyOwner: true,
    });
    expect(account.company).toEqual({
      id: 'c-1',
      name: 'Northwind',
      ownerEmail: 'owner@northwind.example',
      vendor: 'lumora',
    });
    // The company's vendor is the signed-in app's brand (decision 0022).
    expect(accountFromPayloads(profile, { ...company, vendor: 'kestrel' }).company.vendor).toBe('kestrel');
    expect(account.permission).toEqual({
      availableRoleList: ['dealer'],
      hierarchyAuth: { disty: ['dealer'] },
      hierarchyParent: { id: 'p-1', name: 'Pinecrest' },
    });
  });

  it('defaults to dealer when the company type list is empty', () => {
    expect(accountFromPayloads(profile, { ...company, type: [] }).user.role).toBe('dealer');
  });
});
