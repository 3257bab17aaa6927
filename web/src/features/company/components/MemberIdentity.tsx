import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Member } from '@portal/contracts/reseller';
import { useTranslation } from 'react-i18next';
import { Avatar } from '@/shared/ui/Avatar.tsx';

/** Avatar and name (a dash when empty), with '(You)' for the signed-in user. */
export function MemberIdentity({ member, isCurrentUser }: { member: Member; isCurrentUser: boolean }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
      <Avatar name={member.name} size="md" />
      <Typography noWrap sx={{ fontWeight: 500, minWidth: 0 }}>
        {member.name || t('company.members.unnamed')}
        {isCurrentUser && (
          <Typography component="span" color="text.secondary" sx={{ ml: 1, fontSize: '0.85em' }}>
            {t('company.members.you')}
          </Typography>
        )}
      </Typography>
    </Box>
  );
}
