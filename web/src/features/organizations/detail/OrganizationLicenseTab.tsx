import { PagePlaceholder } from '../../../components/PagePlaceholder.tsx';

export function OrganizationLicenseTab() {
  return <PagePlaceholder headingKey="organizationDetail.license" />;
}
