import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, isTwoStepRequired, setTwoStepRequiredHandler } from './api-client.ts';
import { ApiError } from './api-error.ts';

const json = (body: unknown, status: number) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function clientAnswering(response: () => Response) {
  return createApiClient('reseller', {
    baseUrl: () => '/api/reseller',
    getToken: async () => 'tok',
    fetch: vi.fn(async () => response()),
  });
}

afterEach(() => setTwoStepRequiredHandler(() => undefined));

describe('403 MFA_REQUIRED (issue 25 item 7)', () => {
  it('calls the registered handler and throws an error that shows no toast', async () => {
    const handler = vi.fn();
    setTwoStepRequiredHandler(handler);
    const request = clientAnswering(() =>
      json({ detail: 'Your company requires two-step sign-in.', extraType: 'MFA_REQUIRED' }, 403),
    );
    const error = await request('/v1/companies/info').catch((e: unknown) => e);
    expect(handler).toHaveBeenCalledTimes(1);
    expect(isTwoStepRequired(error)).toBe(true);
    expect(error).toMatchObject({ hideNotification: true, messageKey: 'errors.server.twoStepRequired' });
  });

  it('leaves every other 403 alone', async () => {
    const handler = vi.fn();
    setTwoStepRequiredHandler(handler);
    const request = clientAnswering(() =>
      json({ detail: 'Only the company owner can do this.', extraType: 'FORBIDDEN' }, 403),
    );
    const error = await request('/v1/companies/info').catch((e: unknown) => e);
    expect(handler).not.toHaveBeenCalled();
    expect(error).toBeInstanceOf(ApiError);
    expect(isTwoStepRequired(error)).toBe(false);
    expect((error as ApiError).hideNotification).toBe(false);
  });
});
