import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { CompanyInfo, ListedMember } from '@portal/contracts/reseller';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { memberRole, sameEmail } from '../member-role.ts';
import { MemberCardList } from './MemberCardList.tsx';
import { MemberDialogs } from './MemberDialogs.tsx';
import { MembersTable } from './MembersTable.tsx';
import type { MemberRow } from './member-row.ts';
import { useMemberDialog } from './use-member-dialog.ts';

interface MembersSectionProps {
  company: CompanyInfo;
  members: ListedMember[] | undefined;
  membersFailed: boolean;
  onRetry: () => void;
  currentUserEmail: string | undefined;
  /** The owner renamed the signed-in user (themself) in the list. */
  onCurrentUserRenamed?: () => void;
}

/** The member list with the owner's add, rename, delete, assign-owner and two-step reset actions. */
export function MembersSection({
  company,
  members,
  membersFailed,
  onRetry,
  currentUserEmail,
  onCurrentUserRenamed,
}: MembersSectionProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('sm'), { noSsr: true });
  const headingId = useId();
  const dialogs = useMemberDialog();
  const canManage = company.owner;
  const rows: MemberRow[] = (members ?? []).map((member) => ({
    member,
    role: memberRole(member.email, company.ownerEmail),
    isCurrentUser: currentUserEmail !== undefined && sameEmail(member.email, currentUserEmail),
  }));
  const List = wide ? MembersTable : MemberCardList;

  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId}>
      <Box
        sx={{ display: 'flex', alignItems: 'center', gap: 2, px: { xs: 2, sm: 3 }, py: 2, flexWrap: 'wrap' }}
      >
        <Box sx={{ flexGrow: 1 }}>
          <Typography id={headingId} variant="h2">
            {t('company.members.heading')}
          </Typography>
          {members && (
            <Typography variant="body2" color="text.secondary">
              {t('company.members.count', { count: members.length })}
            </Typography>
          )}
        </Box>
        {canManage && (
          <Button variant="contained" startIcon={<PersonAddAlt1Outlined />} onClick={dialogs.openAdd}>
            {t('company.members.add')}
          </Button>
        )}
      </Box>
      {membersFailed ? (
        <Alert
          severity="error"
          sx={{ mx: 2, mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={onRetry}>
              {t('company.retry')}
            </Button>
          }
        >
          {t('company.membersLoadFailed')}
        </Alert>
      ) : !members ? (
        <Box sx={{ px: 3, pb: 2 }}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={48} />
          ))}
        </Box>
      ) : members.length === 0 ? (
        <Typography color="text.secondary" sx={{ px: 3, pb: 3 }}>
          {t('company.members.empty')}
        </Typography>
      ) : (
        <List rows={rows} {...(canManage ? { onAction: dialogs.openFor } : {})} />
      )}
      {canManage && (
        <MemberDialogs
          companyId={company.id}
          dialog={dialogs.dialog}
          onClose={dialogs.close}
          onRenamed={(member) => {
            if (currentUserEmail !== undefined && sameEmail(member.email, currentUserEmail))
              onCurrentUserRenamed?.();
          }}
        />
      )}
    </Paper>
  );
}
