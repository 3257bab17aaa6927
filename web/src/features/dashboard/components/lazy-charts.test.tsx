import { act, render, screen } from '@testing-library/react';
import {
  mockAllIsIntersecting,
  resetIntersectionMocking,
  setupIntersectionMocking,
} from 'react-intersection-observer/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOADED_MACHINE } from '@/test/loaded-machine.ts';
import { PieChart } from './lazy-charts.tsx';

beforeEach(async () => {
  setupIntersectionMocking(vi.fn);
  // The chart's code already loaded: only the distance to the screen can hold the drawing back.
  await import('@mui/x-charts/PieChart');
});
afterEach(() => resetIntersectionMocking());

const pie = (
  <div data-testid="chart">
    <PieChart width={120} height={120} series={[{ data: [{ id: 1, value: 3, label: 'Offline' }] }]} />
  </div>
);

describe('dashboard charts', () => {
  it('stay placeholders while far from the screen, and draw once they come near it', async () => {
    render(pie);
    mockAllIsIntersecting(false);
    // Long enough for a loaded chunk to resolve and render (microtasks and React's work, in act).
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    const chart = screen.getByTestId('chart');
    expect(screen.getByTestId('chart-off-screen')).toBeTruthy();
    expect(chart.querySelector('svg')).toBeNull();

    act(() => mockAllIsIntersecting(true));
    await vi.waitFor(() => expect(chart.querySelector('svg')).not.toBeNull(), LOADED_MACHINE);
    expect(screen.queryByTestId('chart-off-screen')).toBeNull();
  });
});
