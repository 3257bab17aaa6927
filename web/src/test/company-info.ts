import type { CompanyInfo } from '@portal/contracts/reseller';

export const COMPANY_ID = '44444444-4444-4444-8444-444444444444';

/** GET /companies/info of a dealer company whose caller is a member (and its owner unless told otherwise). */
export function buildCompanyInfo(overrides: Partial<CompanyInfo> = {}): CompanyInfo {
  return {
    id: COMPANY_ID,
    name: 'Dealer Co',
    phone: '',
    ownerEmail: 'owner@dealer.example',
    region: null,
    type: ['dealer'],
    vendor: 'lumora',
    owner: true,
    member: true,
    availableRoleList: ['dealer'],
    hierarchyAuth: ['dealer'],
    hierarchyParent: null,
    autoGenerateOrderKey: false,
    ...overrides,
  } satisfies CompanyInfo;
}
