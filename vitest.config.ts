import { defineConfig } from 'vitest/config';

// One test run for every workspace: contracts and server run in Node, web in jsdom.
export default defineConfig({
  test: {
    projects: ['contracts', 'server', 'web'],
  },
});
