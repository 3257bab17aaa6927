import { PagePlaceholder } from '../../../components/PagePlaceholder.tsx';

export function OrganizationDeviceTab() {
  return <PagePlaceholder headingKey="organizationDetail.device" />;
}
