import { PagePlaceholder } from '../../../components/PagePlaceholder.tsx';

export function OrganizationOverviewTab() {
  return <PagePlaceholder headingKey="organizationDetail.overview" />;
}
