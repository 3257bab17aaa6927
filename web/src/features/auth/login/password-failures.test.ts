import { beforeEach, describe, expect, it } from 'vitest';
import { forgetWrongPasswords, noteWrongPassword } from './password-failures.ts';

const T0 = Date.UTC(2026, 10, 25, 12, 0, 0);
const fail = (email: string, times: number, at = T0) =>
  Array.from({ length: times }, () => noteWrongPassword(email, at));

beforeEach(() => sessionStorage.clear());

describe('wrong passwords on /login', () => {
  it('reaches the lockout at the sixth failure of one email, whatever its case', () => {
    expect(fail('Ann@Example.com', 5)).toEqual([false, false, false, false, false]);
    expect(noteWrongPassword('ann@example.com', T0)).toBe(true);
    expect(noteWrongPassword('bo@example.com', T0)).toBe(false);
  });

  it('starts again after a sign-in or a new password, and after 15 quiet minutes', () => {
    fail('ann@example.com', 5);
    forgetWrongPasswords('ann@example.com');
    expect(noteWrongPassword('ann@example.com', T0)).toBe(false);

    fail('bo@example.com', 5);
    expect(noteWrongPassword('bo@example.com', T0 + 15 * 60 * 1000)).toBe(false);
  });
});
