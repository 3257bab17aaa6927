import Box from '@mui/material/Box';
import type { OrganizationListItem } from '@portal/contracts/organizations';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState } from 'react';
import { VIRTUAL_ROW, windowRowStyle } from '@/shared/ui/virtual-row.ts';
import { OrganizationCard } from './OrganizationCard.tsx';

const MIN_CARD_WIDTH = 300;
const GAP = 16;
const ESTIMATED_ROW_HEIGHT = 176;
const ROW_PLACE = { ...VIRTUAL_ROW, display: 'grid', gap: `${GAP}px`, pb: `${GAP}px` };

/** Columns that fit the container's width, re-measured when it changes. */
function useColumns() {
  const ref = useRef<HTMLDivElement>(null);
  const [columns, setColumns] = useState(1);
  const [offsetTop, setOffsetTop] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const width = element.clientWidth;
      setColumns(Math.max(1, Math.floor((width + GAP) / (MIN_CARD_WIDTH + GAP))));
      setOffsetTop(element.getBoundingClientRect().top + window.scrollY);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, columns, offsetTop };
}

/**
 * The customer cards, virtualised by rows against the window's scroll: 1,000 customers render only the
 * rows on screen.
 */
export function OrganizationCardGrid({ organizations }: { organizations: readonly OrganizationListItem[] }) {
  const { ref, columns, offsetTop } = useColumns();
  const rowCount = Math.ceil(organizations.length / columns);
  const virtualizer = useWindowVirtualizer({
    count: rowCount,
    estimateSize: () => ESTIMATED_ROW_HEIGHT + GAP,
    overscan: 2,
    scrollMargin: offsetTop,
  });

  return (
    <Box ref={ref} role="list" sx={{ position: 'relative', height: virtualizer.getTotalSize() }}>
      {virtualizer.getVirtualItems().map((row) => (
        <Box
          key={row.key}
          data-index={row.index}
          ref={virtualizer.measureElement}
          sx={ROW_PLACE}
          style={{
            ...windowRowStyle(virtualizer, row.start),
            gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
          }}
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
