import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { RoleTag } from '@/shared/ui/RoleTag.tsx';
import { MemberActions } from './MemberActions.tsx';
import { MemberIdentity } from './MemberIdentity.tsx';
import type { MemberListProps } from './member-row.ts';
import { TwoStepMark } from './TwoStepMark.tsx';

/** Wide screens: one row per member. */
export function MembersTable({ rows, onAction }: MemberListProps) {
  const { t } = useTranslation();
  return (
    <Table size="small" aria-label={t('company.members.heading')} sx={{ tableLayout: 'fixed' }}>
      <TableHead>
        <TableRow>
          <TableCell sx={{ width: '34%' }}>{t('company.members.name')}</TableCell>
          <TableCell>{t('company.members.email')}</TableCell>
          <TableCell sx={{ width: 120 }}>{t('company.members.role')}</TableCell>
          <TableCell sx={{ width: 150 }}>{t('company.members.twoStep')}</TableCell>
          {onAction && (
            // Left-aligned like the icons under it, so each action stays in its own column on every row.
            <TableCell sx={{ width: 170 }}>{t('company.members.actions')}</TableCell>
          )}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map(({ member, role, isCurrentUser }) => (
          <TableRow key={member.userId} hover data-email={member.email}>
            <TableCell sx={{ py: 1.25 }}>
              <MemberIdentity member={member} isCurrentUser={isCurrentUser} />
            </TableCell>
            <TableCell sx={{ overflowWrap: 'anywhere' }}>{member.email}</TableCell>
            <TableCell>
              <RoleTag companyRole={role} />
            </TableCell>
            <TableCell>
              <TwoStepMark enabled={member.mfaEnabled} />
            </TableCell>
            {onAction && (
              <TableCell>
                <MemberActions member={member} companyRole={role} onAction={onAction} />
              </TableCell>
            )}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
