import type { ReactNode } from 'react';
import { BrandProvider } from '@/shared/brand/BrandContext.tsx';
import { useAccount } from '@/shared/session/use-account.ts';

/**
 * Decision 0022: signed in, the app wears the company's vendor brand (header, links, copyright, title); signed
 * out, the brand of the host from /api/config that the provider above gives. The account is the signed-in
 * routes' loader data, there before the first signed-in screen renders: no flash of the host's brand.
 */
export function CompanyBrand({ children }: { children: ReactNode }) {
  const account = useAccount();
  if (!account) return children;
  return <BrandProvider brandId={account.company.vendor}>{children}</BrandProvider>;
}
