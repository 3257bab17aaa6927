import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Partner } from '@portal/contracts/partners';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { regionName } from '@/shared/lib/region-name.ts';
import { ItemLink } from '@/shared/navigation/ItemLink.tsx';
import { pathTo, ROUTE } from '@/shared/navigation/route-names.ts';
import { TOUCH_MEDIA } from '@/shared/theme/touch.ts';
import { mainRole } from '../model/csv.ts';
import { isDealer } from '../model/partner-links.ts';
import { FIGURE_COLUMNS, useFigure } from './figures.tsx';

/** Narrow screens: one card a partner, its figures as a two-column list. */
export function PartnerCards({ partners, now }: { partners: readonly Partner[]; now: number }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1.5} role="list" aria-label={t('partners.listLabel')}>
      {partners.map((partner) => (
        <PartnerCard key={partner.companyId} partner={partner} now={now} />
      ))}
    </Stack>
  );
}

/**
 * One partner's card. Memoised: the list mounts a few cards at a time (useProgressiveList), and each step
 * renders only the cards it adds.
 */
const PartnerCard = memo(function PartnerCard({ partner, now }: { partner: Partner; now: number }) {
  const { t } = useTranslation();
  const figure = useFigure(now);
  return (
    <Card variant="outlined" role="listitem" data-testid="partner-row">
      <CardContent sx={{ pb: 1 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          <ItemLink to={pathTo(ROUTE.PARTNER_SCORECARD, { companyId: partner.companyId })}>
            {partner.name}
          </ItemLink>
        </Typography>
        <Stack direction="row" spacing={1} sx={{ my: 1, flexWrap: 'wrap' }}>
          <Chip size="small" variant="outlined" label={t(`partners.roles.${mainRole(partner)}`)} />
          {partner.region && <Chip size="small" label={regionName(t, partner.region)} />}
        </Stack>
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gridTemplateColumns: 'minmax(0, 1fr) auto',
            // A label on the line of its figure, also where the figure is a 44 px touch link.
            alignItems: 'baseline',
            columnGap: 2,
            rowGap: 0.5,
            '& dt': { color: 'text.secondary', typography: 'body2' },
            '& dd': {
              m: 0,
              typography: 'body2',
              textAlign: 'right',
              [TOUCH_MEDIA]: { '& a': { justifyContent: 'flex-end' } },
            },
          }}
        >
          {FIGURE_COLUMNS.map((column) => (
            <Box key={column} sx={{ display: 'contents' }}>
              <dt>{t(`partners.columns.${column}`)}</dt>
              <dd>{figure(partner, column)}</dd>
            </Box>
          ))}
        </Box>
      </CardContent>
      {isDealer(partner) && (
        <CardActions sx={{ justifyContent: 'flex-end', pt: 0 }}>
          <Button
            size="small"
            component={RouterLink}
            to={pathTo(ROUTE.PARTNER_VIEW, { companyId: partner.companyId })}
            aria-label={t('partners.viewDealerNamed', { name: partner.name })}
          >
            {t('partners.viewDealer')}
          </Button>
        </CardActions>
      )}
    </Card>
  );
});
