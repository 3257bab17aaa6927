// jsdom lays nothing out and has no ResizeObserver; the charts and the map only need one to exist.
// Imported for this effect by the tests that render them.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;
