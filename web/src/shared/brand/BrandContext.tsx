import { BRANDS, type Brand, type BrandId } from '@portal/contracts/brands';
import { createContext, type ReactNode, use } from 'react';

const BrandContext = createContext<Brand | null>(null);

export function BrandProvider({ brandId, children }: { brandId: BrandId; children: ReactNode }) {
  return <BrandContext value={BRANDS[brandId]}>{children}</BrandContext>;
}

export function useBrand(): Brand {
  const brand = use(BrandContext);
  if (!brand) throw new Error('useBrand used outside BrandProvider');
  return brand;
}
