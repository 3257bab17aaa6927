import { screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '@/shared/i18n/i18n.ts';
import { renderWithProviders } from '@/shared/ui/testing/render-with-providers.tsx';
import { CountLink } from './CountLink.tsx';

beforeAll(() => initI18n('zh-TW'));
afterAll(() => i18n.changeLanguage('en'));

const renderCount = (label: string) =>
  renderWithProviders(
    <RouterProvider
      router={createMemoryRouter([
        { path: '*', element: <CountLink count={1234} href="/account?status=offline" label={label} /> },
      ])}
    />,
  );

describe('CountLink', () => {
  it('names its count with a full-width colon in Traditional Chinese (issue 23)', async () => {
    renderCount('攝影機離線');
    const link = await screen.findByRole('link', { name: '攝影機離線：1,234' });
    expect(link.getAttribute('title')).toBe('攝影機離線：1,234');
  });
});
