import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { NotificationRule, NotificationSettings } from '@portal/contracts/notifications';
import type { Member } from '@portal/contracts/reseller';
import type { TFunction } from 'i18next';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/shared/lib/toast.ts';
import { ConfirmDialog } from '@/shared/ui/ConfirmDialog.tsx';
import { SectionCard } from '@/shared/ui/cards/SectionCard.tsx';
import { FormDialog } from '@/shared/ui/FormDialog.tsx';
import { LazyTooltip } from '@/shared/ui/LazyTooltip.tsx';
import { useDeleteRule, useUpdateTimeZone } from '../api/mutations.ts';
import { customersSummary, filtersSummary, saveErrorText } from '../labels.ts';
import { TIME_ZONES } from './fields.tsx';
import { RuleDialog } from './RuleDialog.tsx';

function recipientsText(
  t: TFunction,
  recipients: NotificationRule['recipients'],
  members: readonly Member[],
) {
  if (!Array.isArray(recipients)) return t(`notifications.rules.recipientsMode.${recipients}`);
  const names = recipients.map((id) => members.find((member) => member.userId === id)?.name);
  return names.every(Boolean)
    ? names.join(t('notifications.listSeparator'))
    : t('notifications.rules.chosenMembers', { count: recipients.length });
}

type Dialog =
  | { kind: 'edit'; rule: NotificationRule | null }
  | { kind: 'delete'; rule: NotificationRule }
  | null;

/** "Company rules": the owner adds, edits and deletes them and sets the time zone; members read. */
export function RulesSection({
  settings,
  members,
  isOwner,
}: {
  settings: NotificationSettings;
  members: readonly Member[];
  isOwner: boolean;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [dialog, setDialog] = useState<Dialog>(null);
  const [timeZoneOpen, setTimeZoneOpen] = useState(false);
  const remove = useDeleteRule();
  const rows = settings.rules.map((rule) => ({
    rule,
    cells: {
      what: filtersSummary(t, rule.events),
      customers: customersSummary(t, rule.organizationIds),
      recipients: recipientsText(t, rule.recipients, members),
      delivery: t(`notifications.delivery.${rule.delivery}`),
      reminders: t(rule.reminders ? 'notifications.reminders.on' : 'notifications.reminders.off'),
    },
  }));
  const actions = (rule: NotificationRule) =>
    isOwner && (
      <Box sx={{ display: 'flex', gap: 0.5, justifyContent: 'flex-end' }}>
        <LazyTooltip title={t('notifications.rules.edit')}>
          <IconButton
            aria-label={t('labelValue', { label: t('notifications.rules.edit'), value: rule.name })}
            onClick={() => setDialog({ kind: 'edit', rule })}
          >
            <EditOutlined />
          </IconButton>
        </LazyTooltip>
        <LazyTooltip title={t('notifications.rules.delete')}>
          <IconButton
            aria-label={t('labelValue', { label: t('notifications.rules.delete'), value: rule.name })}
            onClick={() => setDialog({ kind: 'delete', rule })}
          >
            <DeleteOutlined />
          </IconButton>
        </LazyTooltip>
      </Box>
    );

  return (
    <SectionCard
      heading={t('notifications.rules.heading')}
      intro={t('notifications.rules.intro')}
      add={
        isOwner
          ? { label: t('notifications.rules.add'), onClick: () => setDialog({ kind: 'edit', rule: null }) }
          : undefined
      }
      headerGapBelow={false}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          flexWrap: 'wrap',
          px: { xs: 2, sm: 3 },
          py: 1.5,
        }}
      >
        <Typography variant="body2" color="text.secondary">
          {t('notifications.rules.timeZone')}
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="company-time-zone">
          {settings.timeZone}
        </Typography>
        {isOwner && (
          <Button size="small" onClick={() => setTimeZoneOpen(true)}>
            {t('notifications.rules.changeTimeZone')}
          </Button>
        )}
      </Box>
      {settings.usingDefaultRule && (
        <Alert severity="info" sx={{ mx: { xs: 2, sm: 3 }, mb: 2 }}>
          {t('notifications.rules.default')}
        </Alert>
      )}
      {rows.length > 0 &&
        (wide ? (
          <Table aria-label={t('notifications.rules.listLabel')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('notifications.rules.name')}</TableCell>
                <TableCell>{t('notifications.rules.what')}</TableCell>
                <TableCell>{t('notifications.rules.customers')}</TableCell>
                <TableCell>{t('notifications.rules.recipients')}</TableCell>
                <TableCell>{t('notifications.rules.delivery')}</TableCell>
                <TableCell>{t('notifications.rules.reminders')}</TableCell>
                {isOwner && <TableCell align="right">{t('notifications.rules.actions')}</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map(({ rule, cells }) => (
                <TableRow key={rule.id} data-testid="rule-row">
                  <TableCell sx={{ fontWeight: 600 }}>{rule.name}</TableCell>
                  <TableCell sx={{ maxWidth: 320 }}>{cells.what}</TableCell>
                  <TableCell>{cells.customers}</TableCell>
                  <TableCell>{cells.recipients}</TableCell>
                  <TableCell>{cells.delivery}</TableCell>
                  <TableCell>{cells.reminders}</TableCell>
                  {isOwner && <TableCell align="right">{actions(rule)}</TableCell>}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : (
          <List disablePadding aria-label={t('notifications.rules.listLabel')}>
            {rows.map(({ rule, cells }, index) => (
              <Fragment key={rule.id}>
                <ListItem
                  divider={index < rows.length - 1}
                  data-testid="rule-row"
                  sx={{ display: 'block', px: 2, py: 1.5 }}
                >
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                    <Typography sx={{ fontWeight: 600, flexGrow: 1, overflowWrap: 'anywhere' }}>
                      {rule.name}
                    </Typography>
                    {actions(rule)}
                  </Box>
                  <Box
                    component="dl"
                    sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}
                  >
                    {(['what', 'customers', 'recipients', 'delivery', 'reminders'] as const).map((key) => (
                      <Fragment key={key}>
                        <Typography component="dt" variant="body2" color="text.secondary">
                          {t(`notifications.rules.${key}`)}
                        </Typography>
                        <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                          {cells[key]}
                        </Typography>
                      </Fragment>
                    ))}
                  </Box>
                </ListItem>
              </Fragment>
            ))}
          </List>
        ))}
      {rows.length === 0 && <Box sx={{ pb: 1 }} />}
      {dialog?.kind === 'edit' && (
        <RuleDialog rule={dialog.rule} members={members} onClose={() => setDialog(null)} />
      )}
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title={t('notifications.rules.deleteTitle')}
        message={
          dialog?.kind === 'delete' ? t('notifications.rules.deleteMessage', { name: dialog.rule.name }) : ''
        }
        confirmLabel={t('notifications.rules.delete')}
        confirmColor="error"
        busy={remove.isPending}
        onCancel={() => setDialog(null)}
        onConfirm={() => {
          if (dialog?.kind !== 'delete') return;
          remove.mutate(dialog.rule.id, {
            onSuccess: () => {
              toast.success(t('notifications.rules.deleted'));
              setDialog(null);
            },
            onError: (error) => toast.error(saveErrorText(t, error)),
          });
        }}
      />
      {timeZoneOpen && <TimeZoneDialog current={settings.timeZone} onClose={() => setTimeZoneOpen(false)} />}
    </SectionCard>
  );
}

function TimeZoneDialog({ current, onClose }: { current: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState<string | null>(current);
  const update = useUpdateTimeZone();
  const valid = value !== null && (TIME_ZONES.includes(value) || value === 'UTC');
  return (
    <FormDialog
      title={t('notifications.rules.changeTimeZone')}
      isDirty={value !== current}
      submitDisabled={!valid}
      busy={update.isPending}
      onClose={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        if (!valid) return;
        update.mutate(value, {
          onSuccess: () => {
            toast.success(t('notifications.saved'));
            onClose();
          },
          onError: (error) => toast.error(saveErrorText(t, error)),
        });
      }}
    >
      <Autocomplete
        options={TIME_ZONES as string[]}
        value={value}
        onChange={(_event, next) => setValue(next)}
        sx={{ pt: 1 }}
        renderInput={(params) => (
          <TextField
            {...params}
            autoFocus
            label={t('notifications.rules.timeZone')}
            error={!valid}
            helperText={
              valid ? t('notifications.rules.timeZoneHint') : t('notifications.rules.invalidTimeZone')
            }
          />
        )}
      />
    </FormDialog>
  );
}
