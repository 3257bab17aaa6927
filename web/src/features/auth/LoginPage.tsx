import { AgreementText } from '../../brand/AgreementText.tsx';
import { PagePlaceholder } from '../../components/PagePlaceholder.tsx';

export function LoginPage() {
  return (
    <PagePlaceholder>
      <AgreementText />
    </PagePlaceholder>
  );
}
