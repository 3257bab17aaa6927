import { render, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { describe, expect, it } from 'vitest';
import { FIRST_ROWS, useProgressiveList } from './use-progressive-list.ts';

function Rows({ items }: { items: readonly number[] }) {
  const shown = useProgressiveList(items);
  return (
    <ul>
      {shown.map((item) => (
        <li key={item}>row {item}</li>
      ))}
    </ul>
  );
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

describe('useProgressiveList', () => {
  it('renders every row in the end, in commits of a few rows each', async () => {
    const commitSizes: number[] = [];
    render(
      <Profiler id="rows" onRender={() => commitSizes.push(document.querySelectorAll('li').length)}>
        <Rows items={range(50)} />
      </Profiler>,
    );
    expect(await screen.findByText('row 49')).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(50);
    // The first commit shows the first rows only; no commit adds more than a step.
    expect(commitSizes[0]).toBe(FIRST_ROWS);
    const added = commitSizes.slice(1).map((size, i) => size - (commitSizes[i] ?? 0));
    expect(Math.max(...added)).toBeLessThanOrEqual(FIRST_ROWS);
  });

  it('keeps every row it showed when the list is replaced, and shows the new rows', async () => {
    const { rerender } = render(<Rows items={range(30)} />);
    expect(await screen.findByText('row 29')).toBeTruthy();
    rerender(<Rows items={range(30).map((i) => i + 100)} />);
    expect(await screen.findByText('row 129')).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(30);
  });

  it('shows a short list whole', () => {
    render(<Rows items={range(3)} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
  });
});
