import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useForkRef } from '@mui/material/utils';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/shared/lib/format-date-time.ts';
import { useListPlacement } from '@/shared/ui/use-list-placement.ts';
import { useWindowListOptions, VIRTUAL_ROW } from '@/shared/ui/virtual-row.ts';
import { DeviceDetailDialog } from './DeviceDetailDialog.tsx';
import { OpenIncidentsChip } from './DeviceIncidents.tsx';
import { DeviceLicenses } from './DeviceLicenses.tsx';
import { DeviceStatusLabels } from './DeviceStatusLabels.tsx';
import type { DeviceRow } from './device-row.ts';

// The state column also holds the last online and health times, 'Last online yy/mm/dd HH:mm' unbroken.
const COLUMNS =
  'minmax(170px, 1.6fr) minmax(100px, 0.8fr) minmax(100px, 1fr) minmax(185px, 1.1fr) minmax(170px, 1.6fr) minmax(150px, 1.4fr)';

const NO_INCIDENTS: ReadonlyMap<string, readonly unknown[]> = new Map();

function NameCell({ row }: { row: DeviceRow }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="subtitle2" noWrap title={row.name}>
        {row.name}
      </Typography>
      <Typography variant="caption" color="text.secondary" noWrap component="p">
        {[
          row.modelName,
          row.firmwareVersion && t('customers.device.firmware', { version: row.firmwareVersion }),
        ]
          .filter(Boolean)
          .join(' · ')}
      </Typography>
      <Typography variant="caption" color="text.secondary" noWrap component="p">
        {[row.ipAddress, row.macAddresses[0]].filter(Boolean).join(' · ')}
      </Typography>
      {row.serverName && (
        <Typography variant="caption" color="text.secondary" noWrap component="p">
          {t('customers.device.server', { name: row.serverName })}
        </Typography>
      )}
    </Box>
  );
}

/** Last online and health times (SPEC §9 yy/mm/dd HH:mm). */
function TimesText({ row }: { row: DeviceRow }) {
  const { t } = useTranslation();
  return (
    <>
      <Typography variant="caption" color="text.secondary" noWrap component="p">
        {t('customers.device.lastOnline', { time: formatDateTime(row.lastOnlineTime) })}
      </Typography>
      <Typography variant="caption" color="text.secondary" noWrap component="p">
        {t('customers.device.healthTime', { time: formatDateTime(row.healthTimeFrom) })}
      </Typography>
    </>
  );
}

function StateText({ row }: { row: DeviceRow }) {
  const { t } = useTranslation();
  const color =
    row.state === 'OFFLINE' ? 'error' : row.state === 'RECORDING' ? 'success.main' : 'text.secondary';
  return (
    <Typography variant="body2" color={color}>
      {t(`customers.deviceState.${row.state ?? 'none'}`)}
    </Typography>
  );
}

interface RowProps {
  row: DeviceRow;
  /** How many incidents of the device are open. */
  openIncidents: number;
}

/** A device with open incidents stands out: a red bar at the start of its row. */
const openMark = (openIncidents: number) =>
  openIncidents > 0 ? { boxShadow: 'inset 4px 0 0 var(--mui-palette-error-main)' } : {};

function WideRow({ row, openIncidents }: RowProps) {
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: COLUMNS,
        gap: 2,
        px: 2,
        py: 1.25,
        alignItems: 'center',
        borderBottom: 1,
        borderColor: 'divider',
        ...openMark(openIncidents),
      }}
    >
      <NameCell row={row} />
      <Typography variant="body2">{t(`customers.deviceType.${row.type}`)}</Typography>
      <Typography variant="body2" noWrap title={row.siteName}>
        {row.siteName}
      </Typography>
      <Box sx={{ minWidth: 0 }}>
        <StateText row={row} />
        <TimesText row={row} />
      </Box>
      <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
        <OpenIncidentsChip count={openIncidents} />
        <DeviceStatusLabels row={row} />
      </Stack>
      <Box>
        <DeviceLicenses row={row} />
      </Box>
    </Box>
  );
}

function NarrowRow({ row, openIncidents }: RowProps) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1} sx={{ p: 2, borderBottom: 1, borderColor: 'divider', ...openMark(openIncidents) }}>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
        <NameCell row={row} />
        <StateText row={row} />
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {t(`customers.deviceType.${row.type}`)} · {row.siteName}
      </Typography>
      <Box>
        <TimesText row={row} />
      </Box>
      <OpenIncidentsChip count={openIncidents} />
      <DeviceStatusLabels row={row} />
      <DeviceLicenses row={row} />
    </Stack>
  );
}

const LIST_PLACE = { position: 'relative' } as const;
const ROW_BUTTON = {
  display: 'block',
  width: '100%',
  textAlign: 'inherit',
  '&:hover': { bgcolor: 'action.hover' },
  '&.Mui-focusVisible': { bgcolor: 'action.focus' },
} as const;

interface ListItemProps extends RowProps {
  index: number;
  wide: boolean;
  /** The virtualiser's measuring ref: the item's height once rendered, and its place. */
  measureRef: (element: HTMLElement | null) => void;
  onOpen: (row: DeviceRow) => void;
}

/** Memoised: the list re-renders when its range or place changes, an item only when its device does. */
const DeviceListItem = memo(function DeviceListItem({
  row,
  index,
  wide,
  openIncidents,
  measureRef,
  onOpen,
}: ListItemProps) {
  const Row = wide ? WideRow : NarrowRow;
  return (
    <Box role="listitem" data-index={index} data-testid="device-row" ref={measureRef} sx={VIRTUAL_ROW}>
      {/* A div: the row holds block content, which a <button> may not. */}
      <ButtonBase component="div" aria-haspopup="dialog" onClick={() => onOpen(row)} sx={ROW_BUTTON}>
        <Row row={row} openIncidents={openIncidents} />
      </ButtonBase>
    </Box>
  );
});

/**
 * The devices, virtualised against the window's scroll: a table-like grid from MD up, stacked cards below.
 * Rows are measured after rendering, since labels and licenses wrap. A row opens the device's details.
 * Devices with open incidents are marked (`openIncidents`: the customer's open incidents by device id).
 */
export function DeviceList({
  orgId,
  rows,
  openIncidents = NO_INCIDENTS,
}: {
  orgId: string;
  rows: readonly DeviceRow[];
  openIncidents?: ReadonlyMap<string, readonly unknown[]>;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const { ref, offsetTop } = useListPlacement();
  const [selected, setSelected] = useState<DeviceRow | null>(null);
  const listOptions = useWindowListOptions();
  const virtualizer = useWindowVirtualizer({
    ...listOptions,
    count: rows.length,
    estimateSize: () => (wide ? 88 : 200),
    overscan: 4,
    scrollMargin: offsetTop,
    getItemKey: (index) => rows[index]?.key ?? index,
  });
  const listRef = useForkRef(ref, virtualizer.containerRef);

  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      {wide && (
        // Column captions for sighted users; each list item reads out its own labelled fields.
        <Box
          aria-hidden="true"
          sx={{
            display: 'grid',
            gridTemplateColumns: COLUMNS,
            gap: 2,
            px: 2,
            py: 1,
            bgcolor: 'action.hover',
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          {(['name', 'type', 'site', 'state', 'status', 'license'] as const).map((column) => (
            <Typography key={column} variant="caption" sx={{ fontWeight: 600 }}>
              {t(`customers.device.columns.${column}`)}
            </Typography>
          ))}
        </Box>
      )}
      <Box ref={listRef} role="list" aria-label={t('customers.device.searchLabel')} sx={LIST_PLACE}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index];
          if (!row) return null;
          return (
            <DeviceListItem
              key={item.key}
              row={row}
              index={item.index}
              wide={wide}
              openIncidents={openIncidents.get(row.id)?.length ?? 0}
              measureRef={virtualizer.measureElement}
              onOpen={setSelected}
            />
          );
        })}
      </Box>
      {selected && <DeviceDetailDialog orgId={orgId} row={selected} onClose={() => setSelected(null)} />}
    </Paper>
  );
}
