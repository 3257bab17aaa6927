import { useColorScheme } from '@mui/material/styles';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { initI18n } from '@/shared/i18n/i18n.ts';
import { AppThemeProvider } from './AppThemeProvider.tsx';
import { THEME_STORAGE_KEY } from './theme-preference.ts';

await initI18n('en');

let setMode: ((mode: 'light' | 'dark' | 'system') => void) | undefined;

function ModeProbe() {
  const scheme = useColorScheme();
  setMode = scheme.setMode;
  return <output>{scheme.mode ?? 'unset'}</output>;
}

const renderTheme = () =>
  render(
    <AppThemeProvider>
      <ModeProbe />
    </AppThemeProvider>,
  );

describe('theme preference', () => {
  it('defaults to System', () => {
    renderTheme();
    expect(screen.getByRole('status').textContent).toBe('system');
  });

  it('stores the chosen mode under the portal key', () => {
    renderTheme();
    act(() => setMode?.('dark'));
    expect(screen.getByRole('status').textContent).toBe('dark');
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
  });

  it('restores the stored mode on the next visit', () => {
    window.localStorage.setItem(THEME_STORAGE_KEY, 'light');
    renderTheme();
    expect(screen.getByRole('status').textContent).toBe('light');
    expect(document.documentElement.getAttribute('data-color-scheme')).toBe('light');
  });
});
