import { describe, expect, it } from 'vitest';
import {
  parseCustomerSelection,
  selectionLabel,
  selectionQuery,
  withoutCustomerFilter,
} from './customer-list-filter.ts';

const parse = (query: string) => parseCustomerSelection(new URLSearchParams(query));

describe('customer list selection from dashboard links', () => {
  it('reads every kind of dashboard link, numbers included', () => {
    expect(parse('license=expiring&licenseType=STD&within=60')).toEqual({
      license: 'expiring',
      licenseType: 'STD',
      within: 60,
    });
    expect(parse('license=expired&licenseType=CLOUD_BACKUP&retention=30')).toEqual({
      license: 'expired',
      licenseType: 'CLOUD_BACKUP',
      retention: 30,
    });
    expect(parse('platform=second&device=server&status=diskFailed')).toEqual({
      platform: 'second',
      device: 'server',
      status: 'diskFailed',
    });
    expect(parse('incident=CAMERA.RECORDING_FAILED')).toEqual({ incident: 'CAMERA.RECORDING_FAILED' });
  });

  it('is null without a selection, or with one the server cannot count', () => {
    expect(parse('q=abc&view=mapMode')).toBeNull();
    expect(parse('status=sleepy')).toBeNull();
    expect(parse('incident=CAMERA.DISK_FULL')).toBeNull();
    expect(parse('license=expiring&within=45')).toBeNull();
  });

  it('asks the server in a stable order', () => {
    expect(selectionQuery({ within: 90, licenseType: 'STD', license: 'expiring' })).toBe(
      'license=expiring&licenseType=STD&within=90',
    );
  });

  it('drops every link parameter but keeps the search and the view', () => {
    const next = withoutCustomerFilter(
      new URLSearchParams('license=expired&within=30&incident=CAMERA.OFFLINE&q=abc&view=mapMode'),
    );
    expect(next.toString()).toBe('q=abc&view=mapMode');
  });

  it('names the selection on its chip', () => {
    expect(selectionLabel({ license: 'expired' })).toBe('expired');
    expect(selectionLabel({ license: 'expiring', within: 30 })).toBe('expiring');
    expect(selectionLabel({ license: 'expiring', within: 60 })).toBe('licenses');
    expect(selectionLabel({ license: 'expired', licenseType: 'STD' })).toBe('licenses');
    expect(selectionLabel({ license: 'unlicensed' })).toBe('unlicensed');
    expect(selectionLabel({ status: 'offline' })).toBe('offline');
    expect(selectionLabel({ platform: 'first', device: 'camera', status: 'offline' })).toBe('devices');
    expect(selectionLabel({ incident: 'SERVER.OFFLINE' })).toBe('incidents');
  });
});
