import type { BrowserContext } from 'playwright-core';

/**
 * The dealer pages' change stream (`GET /api/user-portal/companies/events`, server-sent events), with or without
 * its query (`?replayMs=…`: a glob would have to match that too).
 */
export const CHANGE_STREAM = (url: URL) => url.pathname === '/api/user-portal/companies/events';

/**
 * While a dealer is signed in the app keeps the change stream open, so Playwright's `networkidle` never
 * comes. Tools that wait for it (screenshots, the bundle bench) refuse the stream instead: the app then
 * falls back to refetching every 30 s, which leaves the network idle between loads. Journeys that test
 * live updates must not call this.
 */
export async function withoutChangeStream(context: BrowserContext): Promise<void> {
  await context.route(CHANGE_STREAM, (route) => route.abort());
}
