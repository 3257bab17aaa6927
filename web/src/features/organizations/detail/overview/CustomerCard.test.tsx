import { screen, within } from '@testing-library/react';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/shared/i18n/i18n.ts';
import { renderWithProviders } from '@/shared/ui/testing/render-with-providers.tsx';
import { fakeApi } from '@/test/fake-api.ts';
import { ContactCard } from './ContactCard.tsx';
import { CustomerCard } from './CustomerCard.tsx';

await initI18n('en');
afterAll(() => vi.unstubAllGlobals());

/** A promise and the function that settles it: the answer the test lets through when it chooses. */
function held() {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { released, release };
}

describe('the overview cards while their answers are on the way', () => {
  it('show every field from the start and say they are busy, so nothing below moves when the answers arrive', async () => {
    const answers = held();
    fakeApi(async ({ path }) => {
      await answers.released;
      if (path === '/api/user-portal/organizations/org-1/info')
        return {
          id: 'org-1',
          name: 'Harbour Cafe',
          expirationDate: '2027-03-01',
          remoteAccess: { enabled: true, requesting: false },
        };
      if (path === '/api/default/v1/organizations/org-1/metadata')
        return {
          name: 'Ann Lee',
          reference: 'CUST-0001',
          address: '1 Quay St',
          email: 'ann@cafe.example',
          phone: '',
        };
      throw new Error(`unexpected ${path}`);
    });
    renderWithProviders(
      <>
        <CustomerCard orgId="org-1" />
        <ContactCard orgId="org-1" />
      </>,
    );

    const customer = screen.getByRole('region', { name: 'Customer' });
    const contact = screen.getByRole('region', { name: 'Main contact' });
    expect(customer.getAttribute('aria-busy')).toBe('true');
    expect(contact.getAttribute('aria-busy')).toBe('true');
    // The labels are there already; no value, and no "Not set" for a value that has not arrived.
    for (const label of ['Name', 'Expiration date', 'Address', 'Remote access'])
      expect(within(customer).getByText(label)).toBeTruthy();
    for (const label of ['Contact name', 'E-mail', 'Phone', 'Reference'])
      expect(within(contact).getByText(label)).toBeTruthy();
    expect(screen.queryByText('Not set')).toBeNull();

    answers.release();
    expect(await within(customer).findByText('Harbour Cafe')).toBeTruthy();
    expect(await within(contact).findByText('Ann Lee')).toBeTruthy();
    expect(within(customer).getByText('1 Quay St')).toBeTruthy();
    expect(customer.hasAttribute('aria-busy')).toBe(false);
    expect(contact.hasAttribute('aria-busy')).toBe(false);
    // Only the phone is empty.
    expect(within(contact).getByText('Not set')).toBeTruthy();
  });
});

describe('the customer address', () => {
  it('shows the lines of a multi-line address on lines of their own', async () => {
    fakeApi(async ({ path }) => {
      if (path === '/api/user-portal/organizations/org-2/info')
        return {
          id: 'org-2',
          name: 'Harbour Cafe',
          expirationDate: null,
          remoteAccess: { enabled: false, requesting: false },
        };
      if (path === '/api/default/v1/organizations/org-2/metadata')
        return { name: '', reference: '', address: '1 Quay St\nAuckland 1010', email: '', phone: '' };
      throw new Error(`unexpected ${path}`);
    });
    renderWithProviders(<CustomerCard orgId="org-2" />);
    const customer = screen.getByRole('region', { name: 'Customer' });
    const address = await within(customer).findByText((_, element) => {
      return element?.tagName === 'DD' && element.textContent === '1 Quay St\nAuckland 1010';
    });
    expect(getComputedStyle(address).whiteSpace).toBe('pre-line');
  });
});
