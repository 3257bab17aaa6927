import type { CustomerSelection } from '@portal/contracts/statistics';
import { useQuery } from '@tanstack/react-query';
import { customerMatchesQuery } from '@/shared/api/customer-matches.ts';
import { selectionQuery } from '../list/customer-list-filter.ts';

/** The customers behind one dashboard number, with their counts; idle (no request) without a selection. */
export function useCustomerMatches(selection: CustomerSelection | null) {
  const query = selection ? selectionQuery(selection) : '';
  return useQuery({ ...customerMatchesQuery(query), enabled: selection !== null });
}
