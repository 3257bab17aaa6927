import type { Member } from '@portal/contracts/reseller';
import { useResetMemberTwoStep } from '../api/reset-member-two-step.ts';
import { ConfirmMemberDialog, type MemberActionKeys } from './ConfirmMemberDialog.tsx';

const RESET_KEYS: MemberActionKeys = {
  title: 'company.resetTwoStepDialog.title',
  message: 'company.resetTwoStepDialog.message',
  confirm: 'company.resetTwoStepDialog.confirm',
  done: 'company.resetTwoStepDialog.done',
  failed: 'company.resetTwoStepDialog.failed',
};

/** The owner confirms turning a member's two-step sign-in off; the member sets it up at the next sign-in. */
export function ResetTwoStepDialog(props: { companyId: string; member: Member; onClose: () => void }) {
  const reset = useResetMemberTwoStep(props.companyId);
  return (
    <ConfirmMemberDialog member={props.member} action={reset} keys={RESET_KEYS} onClose={props.onClose} />
  );
}
