import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/shared/i18n/i18n.ts';
import { FilterSelect } from './FilterSelect.tsx';
import { renderWithProviders } from './testing/render-with-providers.tsx';

await initI18n('en');

const options = [
  { value: 'video', label: 'Video' },
  { value: 'disk', label: 'Disk' },
];

describe('FilterSelect', () => {
  it("hands over the picked option's value, and null for the any entry", async () => {
    const onChange = vi.fn();
    renderWithProviders(
      <FilterSelect label="Category" anyLabel="All" value="video" options={options} onChange={onChange} />,
    );
    const select = screen.getByRole('combobox', { name: 'Category' });
    expect(select.textContent).toBe('Video');
    await userEvent.click(select);
    await userEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Disk' }));
    expect(onChange).toHaveBeenLastCalledWith('disk');
    await userEvent.click(select);
    await userEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'All' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('reads the any entry when empty, or (emptyShowsLabel) nothing under a label left inside', () => {
    const { unmount } = renderWithProviders(
      <FilterSelect label="Category" anyLabel="All" value={null} options={options} onChange={vi.fn()} />,
    );
    expect(screen.getByRole('combobox', { name: 'Category' }).textContent).toBe('All');
    expect(document.querySelector('.MuiInputLabel-root')?.getAttribute('data-shrink')).toBe('true');
    unmount();
    renderWithProviders(
      <FilterSelect
        label="Action"
        anyLabel="Any action"
        value={undefined}
        options={options}
        onChange={vi.fn()}
        emptyShowsLabel
      />,
    );
    expect(screen.getByRole('combobox', { name: 'Action' }).textContent).not.toContain('Any action');
    expect(document.querySelector('.MuiInputLabel-root')?.getAttribute('data-shrink')).toBe('false');
  });

  it('is the browser’s own select on a touch screen, the any entry first', async () => {
    const touch = vi.fn((query: string) => ({
      matches: query.includes('pointer: coarse'),
      media: query,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    vi.stubGlobal('matchMedia', touch);
    try {
      const onChange = vi.fn();
      renderWithProviders(
        <FilterSelect label="Category" anyLabel="All" value="video" options={options} onChange={onChange} />,
      );
      const select = screen.getByRole('combobox', { name: 'Category' }) as HTMLSelectElement;
      expect(select.tagName).toBe('SELECT');
      expect([...select.options].map((option) => option.text)).toEqual(['All', 'Video', 'Disk']);
      expect(select.value).toBe('video');
      await userEvent.selectOptions(select, 'Disk');
      expect(onChange).toHaveBeenLastCalledWith('disk');
      await userEvent.selectOptions(select, 'All');
      expect(onChange).toHaveBeenLastCalledWith(null);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
