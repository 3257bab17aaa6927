import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/shared/lib/format-date-time.ts';
import type { Passkey } from '@/shared/session/two-step/two-step-challenge.ts';

/** Registered passkeys: name, when added, when last used (when the pool says), and a delete button each. */
export function PasskeyList({
  passkeys,
  onDelete,
}: {
  passkeys: readonly Passkey[];
  onDelete: (passkey: Passkey) => void;
}) {
  const { t } = useTranslation();
  // SPEC §9: yy/mm/dd HH:mm, like every other moment the portal shows.
  const date = (at: Date) => formatDateTime(at.toISOString());
  if (passkeys.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('profile.security.noPasskeys')}
      </Typography>
    );
  }
  return (
    <List dense disablePadding aria-label={t('profile.security.passkeys')}>
      {passkeys.map((passkey) => {
        const name = passkey.name || t('profile.security.unnamedPasskey');
        const details = [
          passkey.createdAt ? t('profile.security.passkeyAdded', { date: date(passkey.createdAt) }) : null,
          passkey.lastUsedAt
            ? t('profile.security.passkeyLastUsed', { date: date(passkey.lastUsedAt) })
            : null,
        ]
          .filter(Boolean)
          .join(t('profile.security.separator'));
        return (
          <ListItem
            key={passkey.id}
            disableGutters
            secondaryAction={
              <IconButton
                edge="end"
                aria-label={t('profile.security.deletePasskey', { name })}
                onClick={() => onDelete(passkey)}
              >
                <DeleteOutlined />
              </IconButton>
            }
          >
            <ListItemIcon sx={{ minWidth: 36 }}>
              <KeyOutlined fontSize="small" />
            </ListItemIcon>
            <ListItemText
              primary={name}
              secondary={details}
              slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
            />
          </ListItem>
        );
      })}
    </List>
  );
}
