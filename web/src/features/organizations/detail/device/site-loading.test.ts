import { describe, expect, it } from 'vitest';
import { loadStateOf, summarizeSiteLoading } from './site-loading.ts';

describe('summarizeSiteLoading', () => {
  it('is loading while either platform loads, even if the other failed', () => {
    expect(summarizeSiteLoading('loading', 'success')).toBe('loading');
    expect(summarizeSiteLoading('error', 'loading')).toBe('loading');
    expect(summarizeSiteLoading('loading', 'loading')).toBe('loading');
  });

  it('succeeds only when both succeed', () => {
    expect(summarizeSiteLoading('success', 'success')).toBe('success');
    expect(summarizeSiteLoading('success', 'error')).toBe('error');
    expect(summarizeSiteLoading('error', 'success')).toBe('error');
    expect(summarizeSiteLoading('error', 'error')).toBe('error');
  });

  it('maps query statuses', () => {
    expect(loadStateOf('pending')).toBe('loading');
    expect(loadStateOf('error')).toBe('error');
  });
});
