import SettingsRemoteOutlined from '@mui/icons-material/SettingsRemoteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useParams } from 'react-router';
import { ApiError } from '@/shared/lib/api-error.ts';
import { LiveUpdatedAt } from '@/shared/live/UpdatedAt.tsx';
import { RouteTabs } from '@/shared/navigation/RouteTabs.tsx';
import { pathTo, ROUTE } from '@/shared/navigation/route-names.ts';
import { useReadOnly } from '@/shared/session/company-scope.tsx';
import { useOrganizationInfo } from '../api/get-organization-info.ts';
import { RemoteAccessChip } from './remote-access/RemoteAccessChip.tsx';
import { RemoteAccessDialog } from './remote-access/RemoteAccessDialog.tsx';

const TABS = [
  { route: ROUTE.ORGANIZATION_DETAIL_OVERVIEW, labelKey: 'organizationDetail.overview' },
  { route: ROUTE.ORGANIZATION_DETAIL_DEVICE, labelKey: 'organizationDetail.device' },
  { route: ROUTE.ORGANIZATION_DETAIL_LICENSE, labelKey: 'organizationDetail.license' },
] as const;
const tabsOf = (orgId: string) => TABS.map((tab) => ({ ...tab, to: pathTo(tab.route, { orgId }) }));

/** Customer detail frame: the customer's name, remote access, and the overview, device and license tabs. */
export function OrganizationDetailPage() {
  const { t } = useTranslation();
  const { orgId = '' } = useParams();
  const info = useOrganizationInfo(orgId);
  const [remoteAccessOpen, setRemoteAccessOpen] = useState(false);
  const readOnly = useReadOnly();

  if (info.isError) {
    const missing = info.error instanceof ApiError && info.error.status === 404;
    return (
      <Alert
        severity={missing ? 'info' : 'error'}
        action={
          missing ? undefined : (
            <Button color="inherit" size="small" onClick={() => void info.refetch()}>
              {t('customers.detail.retry')}
            </Button>
          )
        }
      >
        {t(missing ? 'customers.detail.notFound' : 'customers.detail.loadFailed')}
      </Alert>
    );
  }

  return (
    <Box>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ alignItems: { xs: 'flex-start', sm: 'center' }, justifyContent: 'space-between', mb: 1 }}
      >
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0, flexWrap: 'wrap' }}>
          {info.data ? (
            <Typography variant="h2" sx={{ fontSize: '1.35rem', overflowWrap: 'anywhere' }}>
              {info.data.name}
            </Typography>
          ) : (
            // The name's and the chip's final heights (h2: 1.35rem × line height 1.2 ≈ 26 px; a small chip
            // 24 px), so the tabs below do not move when they come (issue 24: CLS).
            <>
              <Skeleton variant="rounded" width={220} height="calc(1.35rem * 1.2)" />
              <Skeleton variant="rounded" width={96} height={24} sx={{ borderRadius: 4 }} />
            </>
          )}
          {info.data && <RemoteAccessChip remoteAccess={info.data.remoteAccess} />}
        </Stack>
        <Stack
          direction={{ xs: 'row-reverse', sm: 'row' }}
          spacing={1.5}
          sx={{ alignItems: 'center', justifyContent: 'flex-end' }}
        >
          <LiveUpdatedAt organizationId={orgId} />
          {!readOnly && (
            <Button
              variant="outlined"
              startIcon={<SettingsRemoteOutlined />}
              onClick={() => setRemoteAccessOpen(true)}
              disabled={!info.data}
            >
              {t('customers.remoteAccess.button')}
            </Button>
          )}
        </Stack>
      </Stack>
      <RouteTabs tabs={tabsOf(orgId)} labelKey="organizationDetail.tabs" />
      <Outlet />
      {remoteAccessOpen && !readOnly && (
        <RemoteAccessDialog orgId={orgId} onClose={() => setRemoteAccessOpen(false)} />
      )}
    </Box>
  );
}
