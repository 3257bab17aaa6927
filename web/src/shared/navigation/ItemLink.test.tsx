import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { CompanyScopeProvider } from '@/shared/session/company-scope.tsx';
import { ItemLink } from './ItemLink.tsx';

describe('ItemLink', () => {
  it("links a listed item's name to its page, inside a partner's drill-down to the page there", () => {
    render(
      <MemoryRouter>
        <ItemLink to="/account/org-1/overview">Maggio LLC</ItemLink>
        <CompanyScopeProvider companyId="dealer-2">
          <ItemLink to="/account/org-3/overview">Kaya Oy</ItemLink>
        </CompanyScopeProvider>
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Maggio LLC' }).getAttribute('href')).toBe(
      '/account/org-1/overview',
    );
    expect(screen.getByRole('link', { name: 'Kaya Oy' }).getAttribute('href')).toBe(
      '/partners/dealer-2/view/customers/org-3/overview',
    );
  });
});
