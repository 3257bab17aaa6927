import { PagePlaceholder } from '../../components/PagePlaceholder.tsx';

export function DashboardPage() {
  return <PagePlaceholder />;
}
