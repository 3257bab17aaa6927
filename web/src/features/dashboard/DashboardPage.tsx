import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useDeferredValue, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrganizationList } from '@/shared/api/organization-list.ts';
import { LiveUpdatedAt } from '@/shared/live/UpdatedAt.tsx';
import { useCompanyStatistics } from './api/get-company-statistics.ts';
import { useAttentionMatches } from './api/get-customer-matches.ts';
import { useLicenseInfo } from './api/get-license-info.ts';
import { useLicenseQuantity } from './api/get-license-quantity.ts';
import { CsvButton } from './components/CsvButton.tsx';
import { CustomersToFollowUp } from './components/CustomersToFollowUp.tsx';
import { DashboardCard } from './components/DashboardCard.tsx';
import { DeviceOverview } from './components/DeviceOverviewCard.tsx';
import { IncidentsOverview } from './components/IncidentsOverview.tsx';
import { LicenseInventoryTable } from './components/LicenseInventoryTable.tsx';
import { LicenseMaturityReport } from './components/LicenseMaturityReport.tsx';
import { SummaryStrip, SummaryStripSkeleton } from './components/SummaryStrip.tsx';
import { combinedStatus } from './components/source-status.ts';
import { customersCsv, incidentsCsv, maturityCsv } from './model/csv.ts';
import { customersNeedingAttention } from './model/customer-attention.ts';
import { incidentCategories } from './model/incidents.ts';
import { licenseInventory } from './model/license-inventory.ts';
import { maturityRows } from './model/license-maturity.ts';

/**
 * /dashboard (SPEC §1, dealer only): device overview, incidents, license inventory and maturity. Each card
 * depends only on its own sources, so one failing call leaves the other cards working.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const statistics = useCompanyStatistics();
  const info = useLicenseInfo();
  const quantity = useLicenseQuantity();
  const customers = useOrganizationList({ hideNotification: true });
  const attentionMatches = useAttentionMatches();

  // The cards render from deferred copies of their data: React renders them in the background in short
  // slices (the page stays responsive while ~all of it mounts), showing skeletons until each is ready.
  const stats = useDeferredValue(statistics.data);
  const licenseInfo = useDeferredValue(info.data);
  const licenseQuantity = useDeferredValue(quantity.data);
  const customerList = useDeferredValue(customers.data);
  const matches = useDeferredValue(attentionMatches.data);
  const statsStatus = stats === statistics.data ? combinedStatus(statistics) : 'pending';
  const inventoryStatus =
    licenseInfo === info.data && licenseQuantity === quantity.data
      ? combinedStatus(info, quantity)
      : 'pending';
  const attentionStatus =
    customerList === customers.data && matches === attentionMatches.data
      ? combinedStatus(customers, ...attentionMatches.results)
      : 'pending';
  const retryStatistics = () => void statistics.refetch();
  // Derived once per answer: the cards are memoised, and every other query's update re-renders this page.
  const categories = useMemo(() => (stats ? incidentCategories(stats.incidents) : []), [stats]);
  const maturity = useMemo(() => (stats ? maturityRows(stats.licenseMaturity) : []), [stats]);
  const inventory = useMemo(
    () => (licenseInfo && licenseQuantity ? licenseInventory(licenseInfo, licenseQuantity) : null),
    [licenseInfo, licenseQuantity],
  );
  const attention = useMemo(
    () => (customerList && matches ? customersNeedingAttention(customerList, matches) : []),
    [customerList, matches],
  );

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', minHeight: 20, mb: -1 }}>
        <LiveUpdatedAt />
      </Box>
      {stats ? <SummaryStrip statistics={stats} /> : statsStatus === 'pending' && <SummaryStripSkeleton />}
      <DashboardCard
        id="dashboard-devices"
        title={t('dashboard.devices.title')}
        status={statsStatus}
        onRetry={retryStatistics}
        // Measured: two platform columns from lg, stacked below (~1,650 px on a 412 px phone).
        skeletonHeight={{ xs: 1600, sm: 1000, lg: 600 }}
      >
        {stats && <DeviceOverview statistics={stats} />}
      </DashboardCard>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 7fr) minmax(0, 5fr)' },
        }}
      >
        <DashboardCard
          id="dashboard-incidents"
          title={t('dashboard.incidents.title')}
          status={statsStatus}
          onRetry={retryStatistics}
          action={
            <CsvButton
              label={t('dashboard.exportCsv')}
              fileName={t('dashboard.csv.incidentsFile')}
              csv={() => incidentsCsv(categories, t)}
            />
          }
        >
          <IncidentsOverview
            categories={categories}
            unlicensedDevices={stats?.licenseMaturity.unlicensed.devices ?? 0}
          />
        </DashboardCard>
        <DashboardCard
          id="dashboard-inventory"
          title={t('dashboard.inventory.title')}
          status={inventoryStatus}
          onRetry={() => {
            if (info.isError) void info.refetch();
            if (quantity.isError) void quantity.refetch();
          }}
        >
          {inventory && <LicenseInventoryTable rows={inventory} />}
        </DashboardCard>
      </Box>
      <DashboardCard
        id="dashboard-maturity"
        title={t('dashboard.maturity.title')}
        status={statsStatus}
        onRetry={retryStatistics}
        action={
          stats && (
            <CsvButton
              label={t('dashboard.maturity.exportReport')}
              fileName={t('dashboard.csv.maturityFile')}
              csv={() => maturityCsv(maturity, stats.licenseMaturity.unlicensed, t)}
            />
          )
        }
      >
        {stats && <LicenseMaturityReport rows={maturity} unlicensed={stats.licenseMaturity.unlicensed} />}
      </DashboardCard>
      <DashboardCard
        id="dashboard-attention"
        title={t('dashboard.attention.title')}
        status={attentionStatus}
        onRetry={() => {
          if (customers.isError) void customers.refetch();
          for (const result of attentionMatches.results) if (result.isError) void result.refetch();
        }}
        skeletonHeight={160}
        action={
          <CsvButton
            label={t('dashboard.attention.exportCustomers')}
            fileName={t('dashboard.csv.customersFile')}
            csv={() => customersCsv(attention, t)}
          />
        }
      >
        <CustomersToFollowUp rows={attention} />
      </DashboardCard>
    </Stack>
  );
}
