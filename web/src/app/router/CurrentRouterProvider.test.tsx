import { render, screen } from '@testing-library/react';
import { useLayoutEffect, useState } from 'react';
import type { DataRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { CurrentRouterProvider } from './CurrentRouterProvider.tsx';

/**
 * React Router's RouterProvider as it is (react-router 7, RouterProvider in lib/components.tsx): the state it
 * renders is taken at its first render, and changes come through a subscription made in a layout effect.
 */
vi.mock('react-router/dom', () => ({
  RouterProvider: ({ router }: { router: DataRouter }) => {
    const [state, setState] = useState(router.state);
    useLayoutEffect(() => router.subscribe(setState), [router]);
    // The gap: the first navigation finishes while this first render is under way (a transition yields).
    (router as unknown as FakeRouter).finishDuringRender();
    return <p>{state.initialized ? 'the landing page' : 'loading'}</p>;
  },
}));

interface FakeRouter {
  state: { initialized: boolean };
  subscribe(listener: (state: FakeRouter['state']) => void): () => void;
  finishDuringRender(): void;
}

function fakeRouter(): FakeRouter {
  const listeners = new Set<(state: FakeRouter['state']) => void>();
  const router: FakeRouter = {
    state: { initialized: false },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    finishDuringRender() {
      if (router.state.initialized) return;
      router.state = { initialized: true };
      for (const listener of listeners) listener(router.state);
    },
  };
  return router;
}

describe('CurrentRouterProvider', () => {
  it('shows the page the router reached when its first navigation finished before the subscription', () => {
    render(<CurrentRouterProvider router={fakeRouter() as unknown as DataRouter} />);
    expect(screen.queryByText('loading')).toBeNull();
    expect(screen.getByText('the landing page')).toBeTruthy();
  });
});
