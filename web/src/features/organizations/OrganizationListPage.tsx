import { PagePlaceholder } from '../../components/PagePlaceholder.tsx';

export function OrganizationListPage() {
  return <PagePlaceholder />;
}
