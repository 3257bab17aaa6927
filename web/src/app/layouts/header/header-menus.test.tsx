import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { initI18n } from '@/shared/i18n/i18n.ts';
import { renderWithProviders } from '@/shared/ui/testing/render-with-providers.tsx';
import { LanguageMenu } from './LanguageMenu.tsx';
import { ThemeMenu } from './ThemeMenu.tsx';

await initI18n('en');

// Generous ceilings: the menus' chunk is transformed on first import.
const LOADED = { timeout: 30_000 };

/** On a public page (no signed-in account), as on /login. */
function renderOnPage(button: ReactElement) {
  renderWithProviders(<RouterProvider router={createMemoryRouter([{ path: '/', element: button }])} />);
}

describe('the header menus', () => {
  beforeEach(() => localStorage.clear());

  it('opens the language menu from its button, named and wired for assistive technology', async () => {
    renderOnPage(<LanguageMenu />);
    const button = await screen.findByRole('button', { name: 'Change language' }, LOADED);
    expect(button.getAttribute('data-menu')).toBe('language');
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBeNull();
    await userEvent.click(button);
    const menu = await screen.findByRole('menu', {}, LOADED);
    expect(document.getElementById(button.getAttribute('aria-controls') ?? '')?.contains(menu)).toBe(true);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['English', '繁體中文']);
    fireEvent.keyDown(menu, { key: 'Escape' });
    expect(button.getAttribute('aria-expanded')).toBeNull();
  });

  it('opens the theme menu, whose button shows the current mode and whose items set it', async () => {
    renderOnPage(<ThemeMenu />);
    const button = await screen.findByRole('button', { name: 'Change appearance' }, LOADED);
    expect(button.getAttribute('data-menu')).toBe('theme');
    await userEvent.click(button);
    const menu = await screen.findByRole('menu', {}, LOADED);
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Dark' }));
    expect(button.getAttribute('aria-expanded')).toBeNull();
    await userEvent.click(button);
    expect(
      within(await screen.findByRole('menu', {}, LOADED))
        .getByRole('menuitem', { name: 'Dark' })
        .classList.contains('Mui-selected'),
    ).toBe(true);
  });
});
