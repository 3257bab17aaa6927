import { PagePlaceholder } from '../../components/PagePlaceholder.tsx';

export function ResetPasswordPage() {
  return <PagePlaceholder />;
}
