import { describe, expect, it } from 'vitest';
import { daysUntil, deviceLicenseState, isLicensable } from './license-state.ts';

describe('deviceLicenseState', () => {
  const today = '2025-06-01';

  it('is unlicensed without licenses', () => {
    expect(deviceLicenseState([], today)).toBe('unlicensed');
  });

  it('is expired when any license ended before today', () => {
    expect(deviceLicenseState(['2025-05-31', '2026-01-01'], today)).toBe('expired');
  });

  it('is expiring within 30 days, today and day 30 included', () => {
    expect(deviceLicenseState(['2025-06-01'], today)).toBe('expiring');
    expect(deviceLicenseState(['2025-07-01'], today)).toBe('expiring');
    expect(deviceLicenseState(['2025-07-02'], today)).toBe('valid');
  });

  it('counts days between calendar dates', () => {
    expect(daysUntil('2025-06-11', today)).toBe(10);
  });
});

describe('isLicensable', () => {
  it('is true for first-platform cameras and IP speakers only, as the dashboard counts unlicensed', () => {
    expect(isLicensable({ platform: 'first', category: 'FISH_EYE', type: 'FISH_EYE' })).toBe(true);
    expect(isLicensable({ platform: 'first', category: null, type: 'IP_SPEAKER' })).toBe(true);
    expect(isLicensable({ platform: 'first', category: 'SERVER', type: 'NVR' })).toBe(false);
    expect(isLicensable({ platform: 'second', category: 'CAMERA', type: 'CAMERA' })).toBe(false);
  });
});
