import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.ts';
import { notificationFor } from './error-notification.ts';

describe('global error → toast policy', () => {
  it("shows the error's own message", () => {
    expect(notificationFor(new Error('Failed to save.'))).toEqual({ text: 'Failed to save.' });
    expect(notificationFor(new ApiError({ type: 'api', message: 'Quota reached', status: 409 }))).toEqual({
      text: 'Quota reached',
    });
  });

  it('translates messages the client wrote itself', () => {
    const error = new ApiError({ type: 'unexpected', message: 'x', messageKey: 'errors.networkFailed' });
    expect(notificationFor(error)).toEqual({ key: 'errors.networkFailed' });
  });

  it("falls back to 'Something went wrong!' when there is no message", () => {
    expect(notificationFor(new Error(''))).toEqual({ key: 'errors.somethingWentWrong' });
    expect(notificationFor(undefined)).toEqual({ key: 'errors.somethingWentWrong' });
    expect(notificationFor(42)).toEqual({ key: 'errors.somethingWentWrong' });
    expect(notificationFor({})).toEqual({ key: 'errors.somethingWentWrong' });
  });

  it('stays silent when the error asks to hide its notification', () => {
    expect(notificationFor(Object.assign(new Error('Not signed in'), { hideNotification: true }))).toBeNull();
    expect(notificationFor(new ApiError({ type: 'api', message: 'x', hideNotification: true }))).toBeNull();
  });

  it('stays silent when the error carries an extraType (handled where it happens)', () => {
    const error = new ApiError({
      type: 'api',
      message: 'The Email Already Exists.',
      extraType: 'USER_EXIST',
    });
    expect(notificationFor(error)).toBeNull();
    expect(notificationFor({ message: 'x', extraType: 'no auth' })).toBeNull();
  });

  it('ignores aborted requests', () => {
    expect(notificationFor(new DOMException('aborted', 'AbortError'))).toBeNull();
  });

  it('shows plain string rejections', () => {
    expect(notificationFor('Failed to send.')).toEqual({ text: 'Failed to send.' });
  });
});
