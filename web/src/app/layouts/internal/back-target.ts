import { generatePath, type Params } from 'react-router';
import { ROUTE_PATHS, type RouteName } from '@/shared/navigation/route-names.ts';

/**
 * SPEC §2 Internal: back goes to the route named in the meta, otherwise back in history. With no in-app
 * history (a link opened in a new tab) history back would leave the portal, so it goes home instead.
 */
export function backTarget(
  back: RouteName | undefined,
  params: Params,
  historyIndex: number | undefined,
): string | -1 {
  if (back && back !== 'NOT_FOUND') return generatePath(ROUTE_PATHS[back], params);
  return historyIndex !== undefined && historyIndex > 0 ? -1 : '/';
}
