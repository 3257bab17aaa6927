import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { API_KEY_SCOPES, type ApiKey, type CreatedApiKey } from '@portal/contracts/api-keys';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNumberFormat } from '@/shared/i18n/use-number-format.ts';
import { formatDateTime } from '@/shared/lib/format-date-time.ts';
import { toast } from '@/shared/lib/toast.ts';
import { ConfirmDialog } from '@/shared/ui/ConfirmDialog.tsx';
import { ListQueryStates } from '@/shared/ui/cards/ListQueryStates.tsx';
import { SectionCard } from '@/shared/ui/cards/SectionCard.tsx';
import { useApiKeys, useRevokeApiKey } from './api.ts';
import { CreateApiKeyDialog } from './CreateApiKeyDialog.tsx';
import { KeyShownOnceDialog } from './KeyShownOnceDialog.tsx';
import { SCOPE_KEYS } from './scope-keys.ts';

/**
 * My Company → "API keys" (issue 27 item 4, owner only): keys for the partner API, each shown once when
 * created; the list says who made it, when it was last used and how often today; revoking asks first.
 */
export function ApiKeysCard({ companyId }: { companyId: string }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const keys = useApiKeys(companyId);
  const revoke = useRevokeApiKey(companyId);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const items = keys.data ?? [];

  const confirmRevoke = async (key: ApiKey) => {
    try {
      await revoke.mutateAsync(key.id);
      toast.success(t('company.apiKeys.revoked'));
    } catch {
      toast.error(t('company.apiKeys.revokeFailed'));
    }
    setRevoking(null);
  };

  return (
    <SectionCard
      heading={t('company.apiKeys.heading')}
      intro={t('company.apiKeys.intro')}
      add={{ label: t('company.apiKeys.create'), onClick: () => setCreating(true) }}
    >
      <ListQueryStates
        query={keys}
        isEmpty={items.length === 0}
        skeletonRows={1}
        loadFailed={t('company.apiKeys.loadFailed')}
        retry={t('company.retry')}
        empty={t('company.apiKeys.empty')}
      />
      {items.length > 0 &&
        (wide ? (
          <KeyTable items={items} onRevoke={setRevoking} />
        ) : (
          <KeyCards items={items} onRevoke={setRevoking} />
        ))}
      {creating && !created && (
        <CreateApiKeyDialog companyId={companyId} onCreated={setCreated} onClose={() => setCreating(false)} />
      )}
      {created && (
        <KeyShownOnceDialog
          name={created.name}
          apiKey={created.key}
          onClose={() => {
            setCreated(null);
            setCreating(false);
          }}
        />
      )}
      {revoking && (
        <ConfirmDialog
          open
          title={t('company.apiKeys.revokeTitle')}
          message={t('company.apiKeys.revokeMessage', { name: revoking.name })}
          confirmLabel={t('company.apiKeys.revoke')}
          confirmColor="error"
          busy={revoke.isPending}
          onConfirm={() => void confirmRevoke(revoking)}
          onCancel={() => setRevoking(null)}
        />
      )}
    </SectionCard>
  );
}

interface ListProps {
  items: ApiKey[];
  onRevoke: (key: ApiKey) => void;
}

function useKeyText() {
  const { t } = useTranslation();
  const number = useNumberFormat();
  return {
    scopes: (key: ApiKey) =>
      // In the order the create dialog offers them (read first), whatever order the server keeps.
      API_KEY_SCOPES.filter((scope) => key.scopes.includes(scope))
        .map((scope) => t(`company.apiKeys.scopeShort.${SCOPE_KEYS[scope]}`))
        .join(t('company.apiKeys.listSeparator')),
    createdBy: (key: ApiKey) => key.createdBy ?? t('company.apiKeys.formerMember'),
    lastUsed: (key: ApiKey) =>
      key.lastUsedAt ? formatDateTime(key.lastUsedAt) : t('company.apiKeys.neverUsed'),
    calls: (key: ApiKey) => number(key.callsToday),
  };
}

function KeyTable({ items, onRevoke }: ListProps) {
  const { t } = useTranslation();
  const text = useKeyText();
  return (
    <Table aria-label={t('company.apiKeys.heading')}>
      <TableHead>
        <TableRow>
          <TableCell>{t('company.apiKeys.name')}</TableCell>
          <TableCell>{t('company.apiKeys.scopes')}</TableCell>
          <TableCell>{t('company.apiKeys.created')}</TableCell>
          <TableCell>{t('company.apiKeys.createdBy')}</TableCell>
          <TableCell>{t('company.apiKeys.lastUsed')}</TableCell>
          <TableCell align="right">{t('company.apiKeys.callsToday')}</TableCell>
          <TableCell align="right">{t('company.members.actions')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {items.map((key) => (
          <TableRow key={key.id} data-testid="api-key-row">
            <TableCell sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{key.name}</TableCell>
            <TableCell>{text.scopes(key)}</TableCell>
            <TableCell>{formatDateTime(key.createdAt)}</TableCell>
            <TableCell sx={{ overflowWrap: 'anywhere' }}>{text.createdBy(key)}</TableCell>
            <TableCell data-testid="api-key-last-used">{text.lastUsed(key)}</TableCell>
            <TableCell align="right" data-testid="api-key-calls">
              {text.calls(key)}
            </TableCell>
            <TableCell align="right">
              <Button
                color="error"
                size="small"
                onClick={() => onRevoke(key)}
                aria-label={t('company.apiKeys.revokeNamed', { name: key.name })}
              >
                {t('company.apiKeys.revoke')}
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Below 900 px: one card per key, every field labelled, the revoke button full-size for a thumb. */
function KeyCards({ items, onRevoke }: ListProps) {
  const { t } = useTranslation();
  const text = useKeyText();
  const field = (label: string, value: string, testId?: string) => (
    <Box sx={{ display: 'flex', gap: 1, mt: 0.5 }}>
      <Typography variant="body2" color="text.secondary" sx={{ minWidth: 96 }}>
        {label}
      </Typography>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }} data-testid={testId}>
        {value}
      </Typography>
    </Box>
  );
  return (
    <List disablePadding aria-label={t('company.apiKeys.heading')}>
      {items.map((key, index) => (
        <ListItem
          key={key.id}
          divider={index < items.length - 1}
          data-testid="api-key-row"
          sx={{ display: 'block', px: 2, py: 1.5 }}
        >
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{key.name}</Typography>
          {field(t('company.apiKeys.scopes'), text.scopes(key))}
          {field(t('company.apiKeys.created'), formatDateTime(key.createdAt))}
          {field(t('company.apiKeys.createdBy'), text.createdBy(key))}
          {field(t('company.apiKeys.lastUsed'), text.lastUsed(key), 'api-key-last-used')}
          {field(t('company.apiKeys.callsToday'), text.calls(key), 'api-key-calls')}
          <Button
            color="error"
            variant="outlined"
            onClick={() => onRevoke(key)}
            aria-label={t('company.apiKeys.revokeNamed', { name: key.name })}
            sx={{ mt: 1, minHeight: 44 }}
          >
            {t('company.apiKeys.revoke')}
          </Button>
        </ListItem>
      ))}
    </List>
  );
}
