import Visibility from '@mui/icons-material/VisibilityOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { useNumberFormat } from '@/shared/i18n/use-number-format.ts';
import { ApiError } from '@/shared/lib/api-error.ts';
import { regionName } from '@/shared/lib/region-name.ts';
import { pathTo, ROUTE } from '@/shared/navigation/route-names.ts';
import { CardFigures, CardList, CardListItem } from '@/shared/ui/cards/CardList.tsx';
import { usePhoneLayout } from '@/shared/ui/cards/use-phone-layout.ts';
import { usePartnerScorecard } from '../api/partners.ts';
import { FIGURE_COLUMNS, useFigure } from '../components/figures.tsx';
import { mainRole } from '../model/csv.ts';
import { isDealer } from '../model/partner-links.ts';
import { CustomersByIncidents } from './CustomersByIncidents.tsx';

const headCell = { fontWeight: 600, whiteSpace: 'nowrap' } as const;

/** /partners/{companyId}: one partner's figures, its open incidents by category and its customers. */
export function PartnerScorecardPage() {
  const { t } = useTranslation();
  const { companyId = '' } = useParams();
  const scorecard = usePartnerScorecard(companyId, { hideNotification: true });
  const [now] = useState(() => Date.now());
  const figure = useFigure(now);
  const number = useNumberFormat();
  const phone = usePhoneLayout();

  if (scorecard.isPending) return <Skeleton variant="rounded" height={360} />;
  if (scorecard.isError) {
    const missing = scorecard.error instanceof ApiError && scorecard.error.status === 404;
    return (
      <Alert severity={missing ? 'info' : 'error'}>
        {t(missing ? 'partners.notFound' : 'partners.loadFailed')}
      </Alert>
    );
  }
  const partner = scorecard.data;

  return (
    <Stack spacing={3}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ alignItems: { xs: 'flex-start', sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="h2" sx={{ fontSize: '1.35rem', overflowWrap: 'anywhere' }}>
            {partner.name}
          </Typography>
          <Chip size="small" variant="outlined" label={t(`partners.roles.${mainRole(partner)}`)} />
          {partner.region && <Chip size="small" label={regionName(t, partner.region)} />}
        </Stack>
        {isDealer(partner) && (
          <Button
            variant="contained"
            startIcon={<Visibility />}
            component={RouterLink}
            to={pathTo(ROUTE.PARTNER_VIEW, { companyId: partner.companyId })}
          >
            {t('partners.viewDealer')}
          </Button>
        )}
      </Stack>

      <Box
        component="dl"
        aria-label={t('partners.scorecard.figures')}
        sx={{
          m: 0,
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: {
            xs: 'repeat(2, minmax(0, 1fr))',
            sm: 'repeat(auto-fill, minmax(170px, 1fr))',
          },
        }}
      >
        {FIGURE_COLUMNS.map((column) => (
          <Paper key={column} variant="outlined" sx={{ p: 1.5 }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {t(`partners.columns.${column}`)}
            </Typography>
            <Typography component="dd" variant="h6" sx={{ m: 0 }}>
              {figure(partner, column)}
            </Typography>
          </Paper>
        ))}
      </Box>

      <ScorecardSection id="partner-by-category" title={t('partners.scorecard.byCategory')}>
        {phone ? (
          <CardList labelledBy="partner-by-category">
            {partner.byCategory.map((row) => (
              <CardListItem key={row.category} title={t(`partners.categories.${row.category}`)}>
                <CardFigures
                  figures={[
                    {
                      key: 'open',
                      label: t('partners.columns.openIncidents'),
                      value: number(row.openIncidents),
                    },
                    {
                      key: 'abnormal',
                      label: t('partners.scorecard.abnormalDevices'),
                      value: number(row.abnormalDevices),
                    },
                  ]}
                />
              </CardListItem>
            ))}
          </CardList>
        ) : (
          <TableContainer component={Paper} variant="outlined">
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell sx={headCell}>{t('partners.scorecard.category')}</TableCell>
                  <TableCell sx={headCell} align="right">
                    {t('partners.columns.openIncidents')}
                  </TableCell>
                  <TableCell sx={headCell} align="right">
                    {t('partners.scorecard.abnormalDevices')}
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {partner.byCategory.map((row) => (
                  <TableRow key={row.category}>
                    <TableCell>{t(`partners.categories.${row.category}`)}</TableCell>
                    <TableCell align="right">{number(row.openIncidents)}</TableCell>
                    <TableCell align="right">{number(row.abnormalDevices)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </ScorecardSection>

      <ScorecardSection id="partner-by-customer" title={t('partners.scorecard.byCustomer')}>
        {partner.byCustomer.length === 0 ? (
          <Typography color="text.secondary">{t('partners.scorecard.noCustomers')}</Typography>
        ) : (
          <CustomersByIncidents rows={partner.byCustomer} />
        )}
      </ScorecardSection>
    </Stack>
  );
}

/** A titled part of the scorecard; `id` names its heading (a list or table inside is labelled by it). */
function ScorecardSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id}>
      <Typography id={id} variant="h2" sx={{ fontSize: '1.1rem', mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
