import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '@/shared/i18n/i18n.ts';
import { toast } from '@/shared/lib/toast.ts';
import { renderWithProviders } from '@/shared/ui/testing/render-with-providers.tsx';
import { buildCompanyInfo, COMPANY_ID } from '@/test/company-info.ts';
import { fakeApi } from '@/test/fake-api.ts';
import { spyOnToasts } from '@/test/toasts.ts';
import { MembersSection } from './components/MembersSection.tsx';
import { SignInSecurityCard } from './components/SignInSecurityCard.tsx';

beforeAll(() => initI18n('en'));
spyOnToasts();

const COMPANY = COMPANY_ID;
const company = buildCompanyInfo();

describe('the owner’s two-step sign-in policy (issue 25 item 7)', () => {
  it('turns the policy on only after the confirmation', async () => {
    const puts: unknown[] = [];
    fakeApi(({ method, path, body }) => {
      if (path !== `/api/reseller/v1/companies/${COMPANY}/security`) throw new Error(`unexpected ${path}`);
      if (method === 'PUT') {
        puts.push(body);
        return body;
      }
      return { requireMfa: false };
    });
    renderWithProviders(<SignInSecurityCard companyId={COMPANY} />);
    const toggle = await screen.findByRole('switch', { name: 'Require two-step sign-in for all members' });
    await waitFor(() => expect(toggle).toHaveProperty('disabled', false));
    await userEvent.click(toggle);
    const dialog = await screen.findByRole('dialog', { name: 'Require two-step sign-in?' });
    expect(puts).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Require' }));
    await waitFor(() => expect(puts).toEqual([{ requireMfa: true }]));
    await waitFor(() => expect(toggle).toHaveProperty('checked', true));
    expect(toast.success).toHaveBeenCalledWith('Saved successfully!');
  });

  it('marks who has two-step sign-in and offers the reset only for them', async () => {
    const resets: string[] = [];
    fakeApi(({ method, path }) => {
      if (method === 'POST' && path.endsWith('/reset-mfa')) {
        resets.push(path);
        return new Response(null, { status: 204 });
      }
      throw new Error(`unexpected ${method} ${path}`);
    });
    renderWithProviders(
      <MembersSection
        company={company}
        members={[
          { userId: 'u-owner', name: 'Olive Owner', email: 'owner@dealer.example', mfaEnabled: true },
          { userId: 'u-safe', name: 'Sam Safe', email: 'sam@dealer.example', mfaEnabled: true },
          { userId: 'u-open', name: 'Pat Open', email: 'pat@dealer.example', mfaEnabled: false },
        ]}
        membersFailed={false}
        onRetry={() => undefined}
        currentUserEmail="owner@dealer.example"
      />,
    );
    const row = (email: string) => within(document.querySelector(`[data-email="${email}"]`) as HTMLElement);
    expect(row('sam@dealer.example').getByRole('img', { name: 'Two-step sign-in on' })).toBeTruthy();
    expect(row('pat@dealer.example').getByRole('img', { name: 'Two-step sign-in not set up' })).toBeTruthy();
    expect(row('pat@dealer.example').queryByRole('button', { name: 'Reset two-step sign-in' })).toBeNull();
    // Never the owner's own: they change it in their profile.
    expect(row('owner@dealer.example').queryByRole('button', { name: 'Reset two-step sign-in' })).toBeNull();

    await userEvent.click(row('sam@dealer.example').getByRole('button', { name: 'Reset two-step sign-in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset two-step sign-in?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset' }));
    await waitFor(() =>
      expect(resets).toEqual([`/api/reseller/v1/companies/${COMPANY}/users/u-safe/reset-mfa`]),
    );
    expect(toast.success).toHaveBeenCalledWith('Two-step sign-in was reset.');
  });
});
