import { type DivIcon, divIcon } from 'leaflet';

/** Diameter in px by how many sites a cluster holds: bigger clusters read as bigger. */
export function clusterSize(count: number): number {
  if (count < 10) return 34;
  if (count < 100) return 40;
  if (count < 1_000) return 46;
  return 54;
}

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
