import { QueryClientProvider } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useLayoutEffect, useState } from 'react';
import { createQueryClient } from '@/shared/lib/query-client.ts';
import { setViewedCompanyId, viewedCompanyId } from './viewed-company.ts';

/**
 * Whose data the company-token screens (dashboard, customers, a customer's detail, incidents) show.
 * The own company by default (`companyId: null`); under `CompanyScopeProvider` a dealer below the caller,
 * viewed read-only (issue 16's drill-down): features read `readOnly` and leave their write actions out.
 */
export interface CompanyScope {
  /** The viewed dealer; null for the signed-in user's own company. */
  companyId: string | null;
  readOnly: boolean;
}

const OWN_COMPANY: CompanyScope = { companyId: null, readOnly: false };
const CompanyScopeContext = createContext<CompanyScope>(OWN_COMPANY);

export function useCompanyScope(): CompanyScope {
  return useContext(CompanyScopeContext);
}

/** True under a read-only scope: write actions (remote access, edits, acknowledge, mute) are not rendered. */
export function useReadOnly(): boolean {
  return useContext(CompanyScopeContext).readOnly;
}

/**
 * A read-only view of a dealer below the caller. Its data lives in a query client of its own, created for
 * this company and dropped with the view, so cached data of the own company and of two viewed dealers
 * never mix (same query keys, different caches). Give it `key={companyId}` where the company can change.
 */
export function CompanyScopeProvider({ companyId, children }: { companyId: string; children: ReactNode }) {
  const [client] = useState(() => createQueryClient());
  const [scope] = useState<CompanyScope>(() => ({ companyId, readOnly: true }));
  // Set during render as well: the children's queries may start before this component's effects run.
  setViewedCompanyId(companyId);
  useLayoutEffect(() => {
    setViewedCompanyId(companyId);
    return () => {
      if (viewedCompanyId() === companyId) setViewedCompanyId(null);
    };
  }, [companyId]);
  return (
    <CompanyScopeContext value={scope}>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </CompanyScopeContext>
  );
}
