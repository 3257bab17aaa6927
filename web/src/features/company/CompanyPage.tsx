import { PagePlaceholder } from '../../components/PagePlaceholder.tsx';

export function CompanyPage() {
  return <PagePlaceholder />;
}
