import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { srcAlias } from './src-alias.ts';

// One build serves every deployment: everything environment-specific comes from GET /api/config at run time.
export default defineConfig({
  plugins: [react()],
  resolve: { alias: [srcAlias] },
  server: {
    proxy: { '/api': 'http://localhost:8080' },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    sourcemap: true,
    // React, MUI, the router, i18next and TanStack Query make a ~165 kB gzip entry; pages load as their own chunks.
    chunkSizeWarningLimit: 600,
  },
});
