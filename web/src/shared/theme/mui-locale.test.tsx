import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import { ThemeProvider } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Language } from '@/shared/i18n/languages.ts';
import { portalTheme } from './theme.ts';

function renderInLanguage(language: Language) {
  render(
    <ThemeProvider theme={portalTheme(language)}>
      <Alert onClose={() => {}}>Saved</Alert>
      <Autocomplete options={[]} renderInput={(params) => <TextField {...params} label="Customer" />} />
    </ThemeProvider>,
  );
}

describe("MUI's own texts", () => {
  it('are in Traditional Chinese in zh-TW', () => {
    renderInLanguage('zh-TW');
    expect(screen.getByRole('button', { name: '關閉' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '開啟' }));
    expect(screen.getByText('沒有可用選項')).toBeTruthy();
  });

  it("are MUI's English in English", () => {
    renderInLanguage('en');
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByText('No options')).toBeTruthy();
  });
});
