import Box from '@mui/material/Box';
import { useForkRef } from '@mui/material/utils';
import type { OrganizationListItem } from '@portal/contracts/organizations';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useListPlacement } from '@/shared/ui/use-list-placement.ts';
import { useWindowListOptions, VIRTUAL_ROW } from '@/shared/ui/virtual-row.ts';
import { OrganizationCard } from './OrganizationCard.tsx';

const MIN_CARD_WIDTH = 300;
const GAP = 16;
const ESTIMATED_ROW_HEIGHT = 176;
const LIST_PLACE = { position: 'relative' } as const;
const ROW_PLACE = { ...VIRTUAL_ROW, display: 'grid', gap: `${GAP}px`, pb: `${GAP}px` };

/** As many columns as fit a width. */
const columnsAt = (width: number) => Math.max(1, Math.floor((width + GAP) / (MIN_CARD_WIDTH + GAP)));

/**
 * The customer cards, virtualised by rows against the window's scroll: 1,000 customers render only the
 * rows on screen. As many columns as fit the list's width.
 */
export function OrganizationCardGrid({ organizations }: { organizations: readonly OrganizationListItem[] }) {
  const { ref, columns, offsetTop } = useListPlacement(columnsAt);
  const rowCount = Math.ceil(organizations.length / columns);
  const listOptions = useWindowListOptions();
  const virtualizer = useWindowVirtualizer({
    ...listOptions,
    count: rowCount,
    estimateSize: () => ESTIMATED_ROW_HEIGHT + GAP,
    overscan: 2,
    scrollMargin: offsetTop,
  });
  const listRef = useForkRef(ref, virtualizer.containerRef);

  return (
    <Box ref={listRef} role="list" sx={LIST_PLACE}>
      {virtualizer.getVirtualItems().map((row) => (
        <Box
          key={row.key}
          data-index={row.index}
          ref={virtualizer.measureElement}
          sx={ROW_PLACE}
          style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
        >
          {organizations.slice(row.index * columns, row.index * columns + columns).map((organization) => (
            <Box key={organization.id} role="listitem">
              <OrganizationCard organization={organization} />
            </Box>
          ))}
        </Box>
      ))}
    </Box>
  );
}
