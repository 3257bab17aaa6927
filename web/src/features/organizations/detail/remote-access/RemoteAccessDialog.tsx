import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/shared/lib/toast.ts';
import { useAbortRemoteAccess } from '../../api/abort-remote-access.ts';
import { useCreatePortalToken } from '../../api/create-portal-token.ts';
import { useOrganizationServices } from '../../api/get-organization-services.ts';
import { useSites } from '../../api/get-sites.ts';
import { useRequestPortalAccess } from '../../api/request-portal-access.ts';
import { useRequestServerAccess } from '../../api/request-server-access.ts';
import { EntryPointPicker } from './EntryPointPicker.tsx';
import { type EntryPoint, entryPointsOf, PORTAL_ENTRY_ID, serverRequestBody } from './entry-points.ts';
import { openInNewTab } from './open-portal.ts';

type Step = 'select' | 'confirm' | 'status';

/**
 * SPEC §2 remote access: choose the entry point (the customer's portal or one of its servers), confirm,
 * then follow the request: Requesting with Abort, and once the customer approved, open the portal through a
 * one-time token in a new tab. The state comes from the server (polled while requesting).
 */
export function RemoteAccessDialog({ orgId, onClose }: { orgId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const services = useOrganizationServices(orgId);
  const sites = useSites(orgId);
  const siteNames = new Map((sites.data ?? []).map((site) => [site.id, site.name]));
  const requestPortal = useRequestPortalAccess(orgId);
  const requestServer = useRequestServerAccess(orgId);
  const abort = useAbortRemoteAccess(orgId);
  const portalToken = useCreatePortalToken(orgId);
  const [step, setStep] = useState<Step>('select');
  const [selectedId, setSelectedId] = useState(PORTAL_ENTRY_ID);
  const [failed, setFailed] = useState(false);

  const entryPoints = services.data ? entryPointsOf(services.data) : [];
  const selected = entryPoints.find((point) => point.id === selectedId);
  const busy = requestPortal.isPending || requestServer.isPending || abort.isPending || portalToken.isPending;

  const goTo = (next: Step) => {
    setFailed(false);
    setStep(next);
  };

  const next = () => {
    if (!selected?.selectable) return;
    goTo(selected.state === 'disabled' ? 'confirm' : 'status');
  };

  const send = async (point: EntryPoint) => {
    setFailed(false);
    try {
      if (point.kind === 'portal') await requestPortal.mutateAsync();
      else await requestServer.mutateAsync(serverRequestBody(point.service));
      setStep('status');
    } catch {
      setFailed(true);
    }
  };

  const abortRequest = async (point: EntryPoint) => {
    setFailed(false);
    try {
      await abort.mutateAsync(point.kind === 'portal' ? undefined : point.service.deviceId);
      toast.info(t('customers.remoteAccess.aborted'));
      setStep('select');
    } catch {
      setFailed(true);
    }
  };

  const openPortal = async () => {
    setFailed(false);
    try {
      await openInNewTab(async () => (await portalToken.mutateAsync()).url);
    } catch {
      setFailed(true);
    }
  };

  const target = selected?.kind === 'portal' ? t('customers.remoteAccess.portal') : (selected?.name ?? '');
  // A request that ended while watching (denied, expired) brings the choice back.
  const view: Step = step === 'status' && selected?.state === 'disabled' ? 'select' : step;

  return (
    <Dialog
      open
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
      onClose={() => {
        if (!busy) onClose();
      }}
    >
      <DialogTitle id={titleId}>
        {view === 'select' && t('customers.remoteAccess.selectTitle')}
        {view === 'confirm' && t('customers.remoteAccess.confirmTitle')}
        {view === 'status' && selected?.state === 'requesting' && t('customers.remoteAccess.requestingTitle')}
        {view === 'status' && selected?.state === 'enabled' && t('customers.remoteAccess.title')}
      </DialogTitle>
      <DialogContent>
        {services.isPending && <Skeleton variant="rounded" height={120} />}
        {services.isError && <Alert severity="error">{t('customers.remoteAccess.servicesFailed')}</Alert>}
        {services.data && view === 'select' && (
          <Stack spacing={2}>
            <DialogContentText>{t('customers.remoteAccess.selectHint')}</DialogContentText>
            <EntryPointPicker
              entryPoints={entryPoints}
              value={selectedId}
              siteNames={siteNames}
              onChange={setSelectedId}
            />
          </Stack>
        )}
        {view === 'confirm' && (
          <DialogContentText>{t('customers.remoteAccess.confirmText', { target })}</DialogContentText>
        )}
        {view === 'status' && selected?.state === 'requesting' && (
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status">
            <CircularProgress size={28} aria-hidden="true" />
            <DialogContentText>{t('customers.remoteAccess.requestingText', { target })}</DialogContentText>
          </Stack>
        )}
        {view === 'status' && selected?.state === 'enabled' && (
          <DialogContentText role="status">
            {t('customers.remoteAccess.enabledText', { target })}
          </DialogContentText>
        )}
        {failed && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {t('customers.remoteAccess.failed')}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, gap: 1 }}>
        {view === 'select' && (
          <>
            <Button onClick={onClose}>{t('customers.remoteAccess.cancel')}</Button>
            <Button variant="contained" onClick={next} disabled={!selected?.selectable}>
              {t('customers.remoteAccess.next')}
            </Button>
          </>
        )}
        {view === 'confirm' && selected && (
          <>
            <Button onClick={() => goTo('select')} disabled={busy}>
              {t('customers.remoteAccess.back')}
            </Button>
            <Button
              variant="contained"
              onClick={() => void send(selected)}
              disabled={busy}
              startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
            >
              {t('customers.remoteAccess.confirm')}
            </Button>
          </>
        )}
        {view === 'status' && selected?.state === 'requesting' && (
          <>
            <Button onClick={onClose} disabled={busy}>
              {t('customers.remoteAccess.close')}
            </Button>
            <Button
              variant="outlined"
              color="error"
              onClick={() => void abortRequest(selected)}
              disabled={busy}
            >
              {t('customers.remoteAccess.abort')}
            </Button>
          </>
        )}
        {view === 'status' && selected?.state === 'enabled' && (
          <>
            <Button onClick={onClose} disabled={busy}>
              {t('customers.remoteAccess.close')}
            </Button>
            {selected.kind === 'portal' ? (
              <Button variant="contained" onClick={() => void openPortal()} disabled={busy}>
                {t('customers.remoteAccess.openPortal')}
              </Button>
            ) : (
              selected.service.remoteAccess.frpUrl && (
                <Button
                  variant="contained"
                  href={selected.service.remoteAccess.frpUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {t('customers.remoteAccess.openPortal')}
                </Button>
              )
            )}
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
