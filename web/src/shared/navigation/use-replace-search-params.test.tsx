import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { setOrDelete, useReplaceSearchParams } from './use-replace-search-params.ts';

describe('useReplaceSearchParams', () => {
  it('edits the query in the same history entry, keeping the other parameters', async () => {
    let replace: ReturnType<typeof useReplaceSearchParams> = () => undefined;
    function Page() {
      replace = useReplaceSearchParams();
      return null;
    }
    const router = createMemoryRouter(
      [
        { path: '/', element: null },
        { path: '/list', Component: Page },
      ],
      { initialEntries: ['/', '/list?view=map&q=cafe'], initialIndex: 1 },
    );
    render(<RouterProvider router={router} />);
    await act(async () => replace((next) => setOrDelete(next, 'q', '')));
    expect(router.state.location.search).toBe('?view=map');
    await act(async () => replace((next) => setOrDelete(next, 'state', 'offline')));
    expect(router.state.location.search).toBe('?view=map&state=offline');
    // Back leaves the page, not the last filter.
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/');
  });

  it('a second edit before the page re-renders starts from the first one, not from the rendered query', async () => {
    let replace: ReturnType<typeof useReplaceSearchParams> = () => undefined;
    function Page() {
      replace = useReplaceSearchParams();
      return null;
    }
    const router = createMemoryRouter([{ path: '/list', Component: Page }], {
      initialEntries: ['/list?view=mapMode&q=cafe'],
    });
    render(<RouterProvider router={router} />);
    // Both with the closure of the same render: "Card view", then a keystroke in the search.
    await act(async () => {
      const rendered = replace;
      rendered((next) => setOrDelete(next, 'view', null));
      rendered((next) => setOrDelete(next, 'q', 'cafes'));
    });
    expect(router.state.location.search).toBe('?q=cafes');
  });
});
