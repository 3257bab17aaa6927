import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
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

/**
 * The service worker (service-worker/sw.ts, issue 24 points 5 and 7): precaches the build's hashed assets, the
 * public files the pages load, and the pages the server renders for this host from index.html: `/` (the app
 * shell) and `/login` (with the pre-rendered sign-in form). Their revision is index.html's, so a new build
 * fetches them again. Built for production only; `npm run dev` has none.
 */
function serviceWorker() {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'service-worker',
    filename: 'sw.ts',
    // src/shared/pwa/register-service-worker.ts registers it; the web app manifest is the server's (per brand).
    injectRegister: false,
    manifest: false,
    injectManifest: {
      globPatterns: [
        'index.html',
        'assets/*.{js,css,woff2,svg,png}',
        'login-boot.js',
        'favicon.svg',
        'brand/*/icon.svg',
      ],
      manifestTransforms: [
        (entries) => {
          const index = entries.find((entry) => entry.url === 'index.html');
          const pages = index
            ? [
                { ...index, url: '/' },
                { ...index, url: '/login' },
              ]
            : [];
          return { manifest: [...entries.filter((entry) => entry !== index), ...pages], warnings: [] };
        },
      ],
    },
  });
}

// One build serves every deployment: everything environment-specific comes from GET /api/config at run time.
export default defineConfig({
  plugins: [react(), loginShell(), serviceWorker()],
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
