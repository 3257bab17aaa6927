import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { renderLoginShell } from './prerender/login-shell.ts';
import { srcAlias } from './src-alias.ts';

/** Writes the pre-rendered sign-in page into index.html (prerender/login-shell.ts); the server keeps it for /login. */
function loginShell(): Plugin {
  return {
    name: 'portal-login-shell',
    apply: 'build',
    transformIndexHtml(html) {
      const shell = renderLoginShell();
      return html
        .replace('</head>', `${shell.head}</head>`)
        .replace('<div id="root">', `${shell.body}<div id="root">`);
    },
  };
}

// One build serves every deployment: everything environment-specific comes from GET /api/config at run time.
export default defineConfig({
  plugins: [react(), loginShell()],
  resolve: { alias: [srcAlias] },
  server: {
    proxy: { '/api': 'http://localhost:8080' },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    sourcemap: true,
    // The budget check (scripts/check-bundle-budget.ts) reads which chunks each entry and route pulls in.
    manifest: true,
    // React, MUI, the router, i18next and TanStack Query make a ~165 kB gzip entry; pages load as their own chunks.
    chunkSizeWarningLimit: 600,
  },
});
