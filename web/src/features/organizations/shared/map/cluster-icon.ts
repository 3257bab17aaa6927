import { type DivIcon, divIcon } from 'leaflet';
import { TOUCH_QUERY, TOUCH_TARGET } from '@/shared/theme/touch.ts';

/**
 * Diameter in px by how many sites a cluster holds: bigger clusters read as bigger. A cluster is tapped to
 * zoom into it, so on a touch screen none is under 44 px.
 */
export function clusterSize(count: number, touch = isTouch()): number {
  const size = count < 10 ? 34 : count < 100 ? 40 : count < 1_000 ? 46 : 54;
  return touch ? Math.max(size, TOUCH_TARGET) : size;
}

const isTouch = () => typeof window !== 'undefined' && window.matchMedia?.(TOUCH_QUERY).matches === true;

/**
 * A cluster's marker: the site count in a circle, ringed in the error colour when a site in it has device
 * issues. Styled by `.site-cluster` in SitesMap (theme colours in both schemes). The number is aria-hidden:
 * the marker's title names it in words.
 */
export function clusterIcon(count: number, label: string, withIssues: boolean): DivIcon {
  const size = clusterSize(count);
  return divIcon({
    html: `<span aria-hidden="true" data-site-count="${count}">${label}</span>`,
    className: withIssues ? 'site-cluster site-cluster-issues' : 'site-cluster',
    iconSize: [size, size],
  });
}
