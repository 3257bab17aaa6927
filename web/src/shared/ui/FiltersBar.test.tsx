import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FiltersBar } from './FiltersBar.tsx';

describe('FiltersBar', () => {
  it('is a search landmark named by its label, its fields on a grid', () => {
    render(
      <FiltersBar label="Incident filters" columns={{ xs: '1fr 1fr' }}>
        <input aria-label="Customer" />
      </FiltersBar>,
    );
    const bar = screen.getByRole('search', { name: 'Incident filters' });
    expect(bar.contains(screen.getByRole('textbox', { name: 'Customer' }))).toBe(true);
    expect(getComputedStyle(bar).display).toBe('grid');
  });
});
