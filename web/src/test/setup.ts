import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { LOADED_MACHINE } from './loaded-machine.ts';

// jsdom has no matchMedia; MUI's colour-scheme manager and useMediaQuery need it. Light OS, narrow screen.
if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  });
}

// Feature pages load lazily; on a busy 2-core CI machine the first one can take seconds to appear.
configure({ asyncUtilTimeout: LOADED_MACHINE.timeout });

beforeEach(() => window.localStorage.clear());
afterEach(() => cleanup());

// jsdom does not implement scrolling; React Router's ScrollRestoration calls it on every navigation.
window.scrollTo = () => undefined;
