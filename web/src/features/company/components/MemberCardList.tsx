import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { RoleTag } from '@/shared/ui/RoleTag.tsx';
import { MemberActions } from './MemberActions.tsx';
import { MemberIdentity } from './MemberIdentity.tsx';
import type { MemberListProps } from './member-row.ts';
import { TwoStepMark } from './TwoStepMark.tsx';

/**
 * Narrow screens: each member as a stacked entry, the email underneath with the actions beside it; when the
 * email and the actions do not fit on one line, the actions move to their own line instead of squeezing it.
 */
export function MemberCardList({ rows, onAction }: MemberListProps) {
  const { t } = useTranslation();
  return (
    <List disablePadding aria-label={t('company.members.heading')}>
      {rows.map(({ member, role, isCurrentUser }, index) => (
        // A divider as the item's own border: a separator element would be a non-item child of the list.
        <ListItem
          key={member.userId}
          divider={index < rows.length - 1}
          data-email={member.email}
          sx={{ display: 'block', px: 2, py: 1.5 }}
        >
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, justifyContent: 'space-between' }}>
            <MemberIdentity member={member} isCurrentUser={isCurrentUser} />
            <Box sx={{ display: 'flex', gap: 0.5, flexShrink: 0 }}>
              <TwoStepMark enabled={member.mfaEnabled} compact />
              <RoleTag companyRole={role} />
            </Box>
          </Box>
          <Box
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              alignItems: 'center',
              columnGap: 1,
              mt: 0.5,
              pl: 5.5,
            }}
          >
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{ flex: '1 1 auto', minWidth: 0, overflowWrap: 'anywhere' }}
            >
              {member.email}
            </Typography>
            {onAction && (
              <Box sx={{ ml: 'auto' }}>
                <MemberActions member={member} companyRole={role} onAction={onAction} />
              </Box>
            )}
          </Box>
        </ListItem>
      ))}
    </List>
  );
}
