import { describe, expect, it } from 'vitest';
import { listOwnerEmail, memberRole } from './member-role.ts';

describe('member role tag rule', () => {
  it('is Owner when the email equals the company ownerEmail', () => {
    expect(memberRole('owner@northwind.example', 'owner@northwind.example')).toBe('owner');
  });

  it('compares emails without regard to case or surrounding spaces', () => {
    expect(memberRole('Owner@Northwind.example ', 'owner@northwind.example')).toBe('owner');
  });

  it('is Member otherwise, also when the company has no owner email', () => {
    expect(memberRole('member@northwind.example', 'owner@northwind.example')).toBe('member');
    expect(memberRole('', '')).toBe('member');
  });

  it('finds the member the list tags as Owner', () => {
    const members = [{ email: 'a@x.example' }, { email: 'B@x.example' }];
    expect(listOwnerEmail(members, 'b@x.example')).toBe('B@x.example');
    expect(listOwnerEmail(members, 'c@x.example')).toBeUndefined();
  });
});
