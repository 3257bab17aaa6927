import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { CENTER_ON_TOUCH } from '@/shared/theme/touch.ts';
import type { DeviceGroup, LinkedCount } from '../model/device-overview.ts';
import { CountLink } from './CountLink.tsx';

function LabelledCount({ item, tone }: { item: LinkedCount; tone?: 'success.main' | 'error.main' }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={0.75} sx={{ alignItems: 'baseline', minWidth: 0, ...CENTER_ON_TOUCH }}>
      {tone && (
        <Box
          aria-hidden="true"
          sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: tone, flex: 'none' }}
        />
      )}
      <Typography variant="body2" color="text.secondary" noWrap>
        {t(item.labelKey)}
      </Typography>
      <CountLink count={item.count} href={item.href} label={t(item.labelKey)} />
    </Stack>
  );
}

/** One kind of device of one platform: its total, health and status breakdown, every number a link. */
export function DeviceGroupRow({ group }: { group: DeviceGroup }) {
  const { t } = useTranslation();
  const kindLabel = `${t(`dashboard.platforms.${group.platform}`)} · ${t(group.total.labelKey)}`;
  return (
    <Box
      data-testid={`devices-${group.platform}-${group.kind}`}
      sx={{ py: 1.5, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 } }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', mb: 0.5, ...CENTER_ON_TOUCH }}>
        <Typography variant="subtitle2" component="h4">
          {t(group.total.labelKey)}
        </Typography>
        <CountLink variant="subtitle1" count={group.total.count} href={group.total.href} label={kindLabel} />
      </Stack>
      <Box
        sx={{
          display: 'grid',
          gap: 0.5,
          columnGap: 2,
          gridTemplateColumns: 'repeat(auto-fill, minmax(130px, 1fr))',
        }}
      >
        <LabelledCount item={group.online} tone="success.main" />
        <LabelledCount item={group.offline} tone="error.main" />
        <LabelledCount item={group.healthy} />
        <LabelledCount item={group.abnormal} />
      </Box>
      {group.statuses.length > 1 && (
        <Box
          component="ul"
          aria-label={t(group.total.labelKey)}
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            mt: 1,
            display: 'grid',
            gap: 0.5,
            columnGap: 2,
            gridTemplateColumns: 'repeat(auto-fill, minmax(190px, 1fr))',
          }}
        >
          {group.statuses.map((status) => (
            <Stack
              component="li"
              key={status.labelKey}
              direction="row"
              sx={{
                justifyContent: 'space-between',
                ...CENTER_ON_TOUCH,
                gap: 1,
                px: 1,
                py: 0.25,
                borderRadius: 1,
                bgcolor: 'action.hover',
              }}
            >
              <Typography variant="body2" noWrap>
                {t(status.labelKey)}
              </Typography>
              <CountLink
                count={status.count}
                href={status.href}
                label={`${kindLabel} · ${t(status.labelKey)}`}
                align="end"
              />
            </Stack>
          ))}
        </Box>
      )}
    </Box>
  );
}
