import type { Partner } from '@portal/contracts/partners';
import { act, screen } from '@testing-library/react';
import { type ReactElement, useState } from 'react';
import { MemoryRouter } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/shared/i18n/i18n.ts';
import { renderWithProviders } from '@/shared/ui/testing/render-with-providers.tsx';
import { PartnerCards } from './PartnerCards.tsx';
import { PartnerTable } from './PartnerTable.tsx';

/** Each partner's row or card asks for its figures whenever it renders: the partners asked for, in order. */
const figureCalls = vi.hoisted(() => ({ partners: [] as string[] }));
vi.mock('./figures.tsx', async (importOriginal) => {
  const original = await importOriginal<typeof import('./figures.tsx')>();
  return {
    ...original,
    useFigure: (now: number) => {
      const figure = original.useFigure(now);
      return (shown: Partner, column: Parameters<typeof figure>[1]) => {
        figureCalls.partners.push(shown.name);
        return figure(shown, column);
      };
    },
  };
});

beforeAll(() => initI18n('en'));
beforeEach(() => {
  figureCalls.partners = [];
});

const NOW = Date.parse('2026-11-01T00:00:00Z');
const partner = (n: number): Partner => ({
  companyId: `00000000-0000-4000-8000-00000000000${n}`,
  name: `Partner ${n}`,
  roles: ['dealer'],
  region: null,
  parentCompanyId: null,
  dealers: 0,
  customers: n,
  sites: 0,
  devices: 0,
  healthyPercent: null,
  openIncidents: 0,
  oldestOpenIncidentAt: null,
  licenses: { expired: 0, expiring30: 0, expiring60: 0, expiring90: 0 },
  unlicensedDevices: 0,
  licenseStock: 0,
  location: null,
});

const lists: [string, (partners: Partner[]) => ReactElement][] = [
  ['cards', (partners) => <PartnerCards partners={partners} now={NOW} />],
  [
    'table',
    (partners) => (
      <PartnerTable
        partners={partners}
        now={NOW}
        params={{ q: '', role: undefined, region: undefined, sort: 'name', order: 'asc' }}
        onSort={() => {}}
      />
    ),
  ],
];

describe.each(lists)('partner %s', (_name, list) => {
  it('a longer list (the next progressive step) renders only the partners it adds', async () => {
    const [first, second, third] = [partner(1), partner(2), partner(3)];
    let showPartners: (partners: Partner[]) => void = () => {};
    function Harness() {
      const [partners, setPartners] = useState([first, second]);
      showPartners = setPartners;
      return <MemoryRouter>{list(partners)}</MemoryRouter>;
    }
    renderWithProviders(<Harness />);
    expect(await screen.findByText('Partner 2')).toBeTruthy();
    figureCalls.partners = [];
    act(() => showPartners([first, second, third]));
    expect(await screen.findByText('Partner 3')).toBeTruthy();
    expect(new Set(figureCalls.partners)).toEqual(new Set(['Partner 3']));
  });
});
