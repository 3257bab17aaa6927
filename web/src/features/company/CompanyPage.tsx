import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import { useCompanyInfo } from '@/shared/api/company-info.ts';
import { ACCOUNT_QUERY_KEY } from '@/shared/session/account-query.ts';
import { useAccount } from '@/shared/session/use-account.ts';
import { useMembers } from './api/get-members.ts';
import { ApiKeysCard } from './api-keys/ApiKeysCard.tsx';
import { CompanyInfoCard } from './components/CompanyInfoCard.tsx';
import { MembersSection } from './components/MembersSection.tsx';
import { OwnerChangeNotice } from './components/OwnerChangeNotice.tsx';
import { SignInSecurityCard } from './components/SignInSecurityCard.tsx';
import { listOwnerEmail } from './member-role.ts';
import { shouldShowOwnerChangeNotice } from './owner-change-notice.ts';

/**
 * /my-company (SPEC §2): any role sees the company and its members; only the owner changes them and sets
 * the two-step sign-in policy (issue 25 item 7) and manages the partner API's keys (issue 27 item 4).
 */
export function CompanyPage() {
  const { t } = useTranslation();
  const account = useAccount();
  const company = useCompanyInfo();
  const members = useMembers(company.data?.id);
  const queryClient = useQueryClient();
  const revalidator = useRevalidator();
  // The header shows the signed-in account's name: read it again when the owner renamed themself here.
  const refreshAccount = async () => {
    await queryClient.refetchQueries({ queryKey: ACCOUNT_QUERY_KEY });
    await revalidator.revalidate();
  };

  if (company.isPending) {
    return (
      <Stack spacing={3} aria-busy="true">
        <Skeleton variant="rounded" height={180} />
        <Skeleton variant="rounded" height={280} />
      </Stack>
    );
  }
  if (company.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void company.refetch()}>
            {t('company.retry')}
          </Button>
        }
      >
        {t('company.loadFailed')}
      </Alert>
    );
  }

  const info = company.data;
  const showNotice = shouldShowOwnerChangeNotice({
    listOwnerEmail: listOwnerEmail(members.data ?? [], info.ownerEmail) ?? '',
    companyOwnerEmail: account?.company.ownerEmail ?? '',
    currentUserIsOwner: info.owner,
  });

  return (
    <Stack spacing={3}>
      {showNotice && <OwnerChangeNotice />}
      <CompanyInfoCard company={info} />
      {info.owner && <SignInSecurityCard companyId={info.id} />}
      {info.owner && <ApiKeysCard companyId={info.id} />}
      <MembersSection
        company={info}
        members={members.data}
        membersFailed={members.isError && !members.data}
        onRetry={() => void members.refetch()}
        currentUserEmail={account?.user.email}
        onCurrentUserRenamed={() => void refreshAccount()}
      />
    </Stack>
  );
}
