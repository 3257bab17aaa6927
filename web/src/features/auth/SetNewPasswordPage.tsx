import { PagePlaceholder } from '../../components/PagePlaceholder.tsx';

export function SetNewPasswordPage() {
  return <PagePlaceholder />;
}
