import { act, render, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_ROWS, useProgressiveList } from './use-progressive-list.ts';

function Rows({ items }: { items: readonly number[] }) {
  const { shown, endRef } = useProgressiveList(items);
  return (
    <>
      <ul>
        {shown.map((item) => (
          <li key={item}>row {item}</li>
        ))}
      </ul>
      <div ref={endRef} />
    </>
  );
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

/**
 * The browser's IntersectionObserver, with the list's end near the screen or not as the test says. Like the
 * browser's, it reports once for each element it starts observing, after the current task.
 */
function fakeScreen(initiallyNear: boolean) {
  let near = initiallyNear;
  const observers = new Set<FakeObserver>();
  class FakeObserver {
    private readonly nodes = new Set<Element>();
    constructor(private readonly report: IntersectionObserverCallback) {
      observers.add(this);
    }
    observe(node: Element) {
      this.nodes.add(node);
      setTimeout(() => this.tell(node), 0);
    }
    unobserve(node: Element) {
      this.nodes.delete(node);
    }
    disconnect() {
      this.nodes.clear();
      observers.delete(this);
    }
    tell(node: Element) {
      if (!this.nodes.has(node)) return;
      this.report(
        [{ isIntersecting: near, target: node } as unknown as IntersectionObserverEntry],
        this as unknown as IntersectionObserver,
      );
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return {
    /** The reader scrolls: the end comes near the screen (or goes away), and the observers report it. */
    scroll(toNear: boolean) {
      near = toNear;
      for (const observer of observers)
        for (const node of (observer as unknown as { nodes: Set<Element> }).nodes) observer.tell(node);
    },
  };
}
const aWhile = () => act(() => new Promise((resolve) => setTimeout(resolve, 200)));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useProgressiveList', () => {
  it('with the end of the list on the screen, renders every row in commits of a few rows each', async () => {
    fakeScreen(true);
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

  it('with the end of the list far below the screen, renders only the first rows until the reader scrolls', async () => {
    const phone = fakeScreen(false);
    render(<Rows items={range(50)} />);
    await aWhile();
    expect(screen.getAllByRole('listitem')).toHaveLength(FIRST_ROWS);
    act(() => phone.scroll(true));
    expect(await screen.findByText('row 49')).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(50);
  });

  it('stops adding rows once the end has gone below the screen again', async () => {
    const phone = fakeScreen(true);
    render(<Rows items={range(50)} />);
    expect(await screen.findByText(`row ${FIRST_ROWS}`)).toBeTruthy();
    act(() => phone.scroll(false));
    await aWhile();
    const shown = screen.getAllByRole('listitem').length;
    await aWhile();
    expect(screen.getAllByRole('listitem')).toHaveLength(shown);
    expect(shown).toBeLessThan(50);
  });

  it('without IntersectionObserver, renders every row in the end', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<Rows items={range(50)} />);
    expect(await screen.findByText('row 49')).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(50);
  });

  it('keeps every row it showed when the list is replaced, and shows the new rows', async () => {
    fakeScreen(true);
    const { rerender } = render(<Rows items={range(30)} />);
    expect(await screen.findByText('row 29')).toBeTruthy();
    rerender(<Rows items={range(30).map((i) => i + 100)} />);
    expect(await screen.findByText('row 129')).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(30);
  });

  it('shows a short list whole', () => {
    fakeScreen(false);
    render(<Rows items={range(3)} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
  });
});
