import Link from '@mui/material/Link';
import type { ReactNode } from 'react';
import { ScopedLink } from './scoped-link.tsx';

/**
 * The name of a listed item (a customer, a partner) as the link to its page, underlined on hover. Inside a
 * partner's drill-down a dealer page's link stays inside it (ScopedLink).
 */
export function ItemLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link component={ScopedLink} to={to} underline="hover">
      {children}
    </Link>
  );
}
