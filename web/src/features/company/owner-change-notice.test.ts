import { describe, expect, it } from 'vitest';
import { shouldShowOwnerChangeNotice } from './owner-change-notice.ts';

describe('company-owner-change notice rule', () => {
  const base = {
    listOwnerEmail: 'new.owner@x.example',
    companyOwnerEmail: 'old.owner@x.example',
    currentUserIsOwner: true,
  };

  it('shows when the owner emails differ and the current user is the owner', () => {
    expect(shouldShowOwnerChangeNotice(base)).toBe(true);
  });

  it('stays hidden for members', () => {
    expect(shouldShowOwnerChangeNotice({ ...base, currentUserIsOwner: false })).toBe(false);
  });

  it('stays hidden when the emails agree, whatever their case', () => {
    expect(shouldShowOwnerChangeNotice({ ...base, companyOwnerEmail: 'New.Owner@x.example' })).toBe(false);
  });

  it('stays hidden while either email is unknown', () => {
    expect(shouldShowOwnerChangeNotice({ ...base, listOwnerEmail: '' })).toBe(false);
    expect(shouldShowOwnerChangeNotice({ ...base, companyOwnerEmail: '' })).toBe(false);
  });
});
