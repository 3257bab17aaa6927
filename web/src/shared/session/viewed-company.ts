/**
 * The dealer viewed read-only (issue 16's drill-down) that the token layer asks company and organization
 * tokens for; null for the own company. The API functions are plain module functions (no React context),
 * so `CompanyScopeProvider` registers its company here while it is mounted: only one page is on screen at
 * a time, and every request reads it when it asks for its token.
 */
let current: string | null = null;

export function viewedCompanyId(): string | null {
  return current;
}

export function setViewedCompanyId(companyId: string | null): void {
  current = companyId;
}
