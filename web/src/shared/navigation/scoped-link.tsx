import { forwardRef } from 'react';
import { Link, type LinkProps } from 'react-router';
import { useCompanyScope } from '@/shared/session/company-scope.tsx';
import { ROUTE_PATHS } from './route-names.ts';

/** The drill-down's root (issue 16): a dealer's pages, viewed read-only by a company above it. */
export const partnerViewPath = (companyId: string) => `/partners/${encodeURIComponent(companyId)}/view`;

/**
 * A dealer page's URL inside the drill-down of `companyId`: /dashboard → /partners/{id}/view,
 * /account… → /partners/{id}/view/customers…, /incidents… → /partners/{id}/view/incidents…;
 * anything else unchanged. Query strings and the rest of the path are kept.
 */
export function scopedPath(path: string, companyId: string | null): string {
  if (companyId === null) return path;
  const root = partnerViewPath(companyId);
  const swap = (prefix: string, replacement: string): string | null => {
    if (path === prefix) return replacement;
    const next = path.charAt(prefix.length);
    return path.startsWith(prefix) && (next === '/' || next === '?' || next === '#')
      ? replacement + path.slice(prefix.length)
      : null;
  };
  return (
    swap(ROUTE_PATHS.DASHBOARD, root) ??
    swap(ROUTE_PATHS.ORGANIZATION, `${root}/customers`) ??
    swap(ROUTE_PATHS.INCIDENTS, `${root}/incidents`) ??
    path
  );
}

/** Rewrites dealer paths for the current company scope (identity for the own company). */
export function useScopedPath(): (path: string) => string {
  const { companyId } = useCompanyScope();
  return (path) => scopedPath(path, companyId);
}

/**
 * React Router's Link for links between dealer pages: inside a drill-down it stays inside it.
 * Only string targets are rewritten.
 */
export const ScopedLink = forwardRef<HTMLAnchorElement, LinkProps>(function ScopedLink({ to, ...rest }, ref) {
  const scoped = useScopedPath();
  return <Link ref={ref} to={typeof to === 'string' ? scoped(to) : to} {...rest} />;
});
