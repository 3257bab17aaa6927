import { describe, expect, it } from 'vitest';
import { filterDevices, hasActiveFilters, parseDeviceFilters } from './device-filters.ts';
import type { DeviceRow } from './device-row.ts';

function row(overrides: Partial<DeviceRow>): DeviceRow {
  return {
    key: `first:${overrides.id ?? 'x'}`,
    id: 'x',
    platform: 'first',
    siteId: 'site-a',
    siteName: 'Site A',
    name: 'Lobby cam',
    type: 'CAMERA',
    category: 'CAMERA',
    state: 'RECORDING',
    online: true,
    abnormal: false,
    flags: [],
    serverName: null,
    modelName: 'MD-1',
    ipAddress: '10.0.0.1',
    ipAddresses: ['10.0.0.1'],
    macAddresses: [],
    firmwareVersion: '1.0',
    lastOnlineTime: null,
    healthTimeFrom: null,
    licenses: [{ type: 'STD', retention: null, expirationDate: '2030-01-01' }],
    licenseState: 'valid',
    searchText: 'lobby cam md-1 10.0.0.1',
    ...overrides,
  };
}

const rows = [
  row({ id: 'a' }),
  row({
    id: 'b',
    name: 'Gate',
    searchText: 'gate nvr',
    type: 'NVR',
    category: 'SERVER',
    state: 'OFFLINE',
    online: false,
    abnormal: true,
    flags: ['offline'],
    siteId: 'site-b',
  }),
  row({
    id: 'c',
    platform: 'second',
    state: null,
    abnormal: true,
    flags: ['diskFailed'],
    licenses: [],
    licenseState: 'notRequired',
  }),
  row({ id: 'd', state: 'UPGRADING', licenseState: 'expired' }),
];
const ids = (params: string) =>
  filterDevices(rows, parseDeviceFilters(new URLSearchParams(params))).map((r) => r.id);

describe('device filters', () => {
  it('read every filter from the URL and ignore unknown values', () => {
    const filters = parseDeviceFilters(
      new URLSearchParams('q=%20Gate%20&type=NVR&state=BOGUS&status=diskFailed'),
    );
    expect(filters).toEqual({
      q: 'Gate',
      type: 'NVR',
      category: null,
      state: null,
      status: 'diskFailed',
      license: null,
      site: null,
      platform: null,
      device: null,
    });
    expect(hasActiveFilters(parseDeviceFilters(new URLSearchParams('state=BOGUS')))).toBe(false);
  });

  it('return the same list when nothing is filtered', () => {
    expect(filterDevices(rows, parseDeviceFilters(new URLSearchParams()))).toBe(rows);
  });

  it('search names, models and addresses case-insensitively', () => {
    expect(ids('q=GATE')).toEqual(['b']);
    expect(ids('q=10.0.0')).toEqual(['a', 'c', 'd']);
  });

  it('filter by type, category, state and site', () => {
    expect(ids('type=NVR')).toEqual(['b']);
    expect(ids('category=CAMERA')).toEqual(['a', 'c', 'd']);
    expect(ids('state=UPGRADING')).toEqual(['d']);
    expect(ids('site=site-b')).toEqual(['b']);
  });

  it('filter by health and by status flag', () => {
    expect(ids('status=offline')).toEqual(['b']);
    expect(ids('status=online')).toEqual(['a', 'c', 'd']);
    expect(ids('status=abnormal')).toEqual(['b', 'c']);
    expect(ids('status=healthy')).toEqual(['a', 'd']);
    expect(ids('status=diskFailed')).toEqual(['c']);
  });

  it('filter by license state, licensed meaning any license held', () => {
    expect(ids('license=unlicensed')).toEqual([]);
    expect(ids('license=expired')).toEqual(['d']);
    expect(ids('license=licensed')).toEqual(['a', 'b', 'd']);
    const speaker = row({
      id: 'e',
      type: 'IP_SPEAKER',
      category: null,
      licenses: [],
      licenseState: 'unlicensed',
    });
    const unlicensed = parseDeviceFilters(new URLSearchParams('license=unlicensed'));
    expect(filterDevices([...rows, speaker], unlicensed).map((r) => r.id)).toEqual(['e']);
  });

  it('filter by platform and device kind, as the dashboard links do', () => {
    expect(ids('platform=second')).toEqual(['c']);
    expect(ids('device=server')).toEqual(['b']);
    expect(ids('device=camera&platform=first')).toEqual(['a', 'd']);
  });

  it('combine filters', () => {
    expect(ids('category=CAMERA&status=abnormal')).toEqual(['c']);
  });
});
