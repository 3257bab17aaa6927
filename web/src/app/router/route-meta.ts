import { useMatches } from 'react-router';
import type { RouteName } from '@/shared/navigation/route-names.ts';
import type { AccessRule } from './access.ts';

export type LayoutName = 'portal' | 'main' | 'internal';

/**
 * Who may open a route: anyone; only signed-out visitors (signed-in ones go to ROOT);
 * only while a new-password challenge or a sign-in's second step is pending; signed in, whatever the account
 * (the two-step setup page of a member the company's policy holds back); or signed-in users passing the rule.
 */
export type RouteAccess =
  | { kind: 'public' }
  | { kind: 'guest' }
  | { kind: 'newPasswordChallenge' }
  | { kind: 'signedIn' }
  | { kind: 'twoStepChallenge' }
  | ({ kind: 'authenticated' } & AccessRule);

/** Stored in each route's `handle`. Children inherit what they do not set. */
export interface RouteMeta {
  name?: RouteName;
  /** Translation key of the title; omitted when the page shows none. */
  titleKey?: string;
  /** Default main (SPEC §2 Layouts). */
  layout?: LayoutName;
  access?: RouteAccess;
  /** Where the back button goes; history back when omitted. */
  back?: RouteName;
  /** The page renders its own heading, so the layout shows none (the title still names the browser tab). */
  pageShowsTitle?: boolean;
  /** The page title area offers the card/map view toggle. */
  viewToggle?: boolean;
}

export interface ResolvedRouteMeta extends RouteMeta {
  layout: LayoutName;
}

function isRouteMeta(handle: unknown): handle is RouteMeta {
  return typeof handle === 'object' && handle !== null;
}

/** Merges the meta of the matched routes, root first, so the deepest route wins. */
export function mergeRouteMeta(handles: readonly unknown[]): ResolvedRouteMeta {
  const merged: RouteMeta = {};
  for (const handle of handles) if (isRouteMeta(handle)) Object.assign(merged, handle);
  return { ...merged, layout: merged.layout ?? 'main' };
}

export function useRouteMeta(): ResolvedRouteMeta {
  const matches = useMatches();
  return mergeRouteMeta(matches.map((match) => match.handle));
}
