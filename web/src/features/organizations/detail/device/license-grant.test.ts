import { describe, expect, it } from 'vitest';
import { licenseGrant } from './license-grant.ts';

describe('licenseGrant', () => {
  it('grants a device holding a license that has not expired', () => {
    expect(licenseGrant('valid')).toBe('granted');
    expect(licenseGrant('expiring')).toBe('granted');
  });

  it('does not grant a device without a license or with an expired one', () => {
    expect(licenseGrant('unlicensed')).toBe('notGranted');
    expect(licenseGrant('expired')).toBe('notGranted');
  });

  it('gives no label to a device that needs no license', () => {
    expect(licenseGrant('notRequired')).toBeNull();
  });
});
