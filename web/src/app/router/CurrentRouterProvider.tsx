import { useLayoutEffect, useState } from 'react';
import type { DataRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';

/**
 * React Router's RouterProvider with a gap closed. It takes the router's state when it renders and
 * subscribes to changes in a layout effect; a change in between is lost, and the page stays on what it
 * rendered first (the loading spinner) for good. The first render is a transition (app/start.tsx), which yields to
 * the browser, and a quick first navigation (data that arrived early, code in the cache) finishes inside such
 * a gap. After RouterProvider (a child) has subscribed, this checks whether the router moved on since this
 * render, and if so mounts a new RouterProvider, which starts from the current state.
 */
export function CurrentRouterProvider({ router }: { router: DataRouter }) {
  const [generation, setGeneration] = useState(0);
  const renderedState = router.state;
  useLayoutEffect(() => {
    if (router.state !== renderedState) setGeneration((current) => current + 1);
  }, [router, renderedState]);
  return <RouterProvider key={generation} router={router} />;
}
