import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { OutputBundle, OutputChunk } from 'rolldown';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { renderLoginShell, SCRIPT_METAS } from './prerender/login-shell.ts';
import { BOOT_STEPS } from './src/app/boot/steps.ts';
import { LANGUAGES } from './src/shared/i18n/languages.ts';
import { amplifyBigIntegerAlias, srcAlias } from './src-alias.ts';

/** The pre-rendered form's own sign-in (no React; it loads Amplify as the user types): a second entry. */
const LOGIN_FORM_ENTRY = 'src/app/login-shell/sign-in-form.ts';
/**
 * What the first signed-in page needs beyond the entry; the form preloads it while the password proof runs:
 * the signed-in layouts (and the pages' strings in the page's language, below), the app's session (Amplify's, with the API's schemas) and a dealer's
 * landing page, the customer list (most sign-ins; other roles fetch ~30 KB they do not use).
 */
const SIGNED_IN_MODULES = [
  'src/app/layouts/signed-in.ts',
  'src/shared/session/amplify/amplify-session.ts',
  'src/features/organizations/route-data.ts',
  'src/features/organizations/OrganizationListPage.tsx',
];
/** The signed-in pages' strings, a chunk per language: login-boot.js preloads the page's language's. */
const PAGE_STRINGS_MODULES = LANGUAGES.map((language) => ({
  language,
  module: `src/shared/i18n/page-resources.${language}.ts`,
}));

function chunkOf(bundle: OutputBundle, module: string): OutputChunk {
  const chunk = Object.values(bundle).find(
    (output): output is OutputChunk =>
      output.type === 'chunk' && (output.facadeModuleId?.endsWith(`/web/${module}`) ?? false),
  );
  if (!chunk) throw new Error(`login shell: ${module} is not a chunk of the build`);
  return chunk;
}

/** A chunk's file and every file it imports statically. */
function closure(bundle: OutputBundle, chunk: OutputChunk, into = new Set<string>()): Set<string> {
  if (into.has(chunk.fileName)) return into;
  into.add(chunk.fileName);
  for (const file of chunk.imports) {
    const imported = bundle[file];
    if (imported?.type === 'chunk') closure(bundle, imported, into);
  }
  return into;
}

/**
 * Writes the pre-rendered sign-in page into index.html (prerender/login-shell.ts); the server keeps it for
 * /login. Once the build's chunks are known, it names the form's sign-in module and the signed-in code in
 * <meta> tags, which public/login-boot.js turns into a script and preloads when they are needed.
 */
function loginShell(): Plugin {
  return {
    name: 'portal-login-shell',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) throw new Error('login shell: no build bundle');
        const signIn = chunkOf(bundle, LOGIN_FORM_ENTRY).fileName;
        const signedIn = new Set<string>();
        for (const module of SIGNED_IN_MODULES) closure(bundle, chunkOf(bundle, module), signedIn);
        const metas = [
          `<meta name="portal-sign-in" content="/${signIn}">`,
          ...[...signedIn].map((file) => `<meta name="portal-signed-in" content="/${file}">`),
          ...PAGE_STRINGS_MODULES.flatMap(({ language, module }) =>
            [...closure(bundle, chunkOf(bundle, module))]
              .filter((file) => !signedIn.has(file))
              .map((file) => `<meta name="portal-signed-in-${language}" content="/${file}">`),
          ),
        ].join('');
        const shell = renderLoginShell();
        return html
          .replace('</head>', `${shell.head.replace(SCRIPT_METAS, metas)}</head>`)
          .replace('<div id="root">', `${shell.body}<div id="root">`);
      },
    },
  };
}

/** <link rel=modulepreload> for every chunk of the boot steps that index.html does not preload yet. */
function bootStepPreloads(): Plugin {
  return {
    name: 'portal-boot-step-preloads',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) throw new Error('boot step preloads: no build bundle');
        const files = new Set<string>();
        for (const module of BOOT_STEPS) closure(bundle, chunkOf(bundle, module), files);
        const links = [...files]
          .filter((file) => !html.includes(`/${file}"`))
          .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
          .join('\n    ');
        return html.replace('</head>', `    ${links}\n  </head>`);
      },
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

/**
 * React Router 7's exports name only its development build (remix-run/react-router#12437, "temporary"): dev
 * warnings and checks on every render and navigation. A production build takes the production files.
 */
const reactRouterDist = fileURLToPath(
  new URL('../node_modules/react-router/dist/production/', import.meta.url),
);
const reactRouterProduction = [
  { find: /^react-router$/, replacement: `${reactRouterDist}index.mjs` },
  { find: /^react-router\/dom$/, replacement: `${reactRouterDist}dom-export.mjs` },
];

// One build serves every deployment: everything environment-specific comes from GET /api/config at run time.
export default defineConfig(({ command }) => ({
  plugins: [react(), bootStepPreloads(), loginShell(), serviceWorker()],
  resolve: {
    alias: [srcAlias, amplifyBigIntegerAlias, ...(command === 'build' ? reactRouterProduction : [])],
  },
  server: {
    proxy: { '/api': 'http://localhost:8080' },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    sourcemap: true,
    // index.html preloads the entry's chunks; a lazy import does not add a <link rel=modulepreload> for each
    // chunk its module needs. Vite's helper that would creates and inserts ~60 of them per import on the
    // main thread (~50 ms of a phone's boot, measured with bench/main-thread.ts), for chunks that the
    // service worker or the sign-in form's preloads have ready anyway; without it the browser fetches a
    // chunk's imports when it parses the chunk.
    modulePreload: {
      resolveDependencies: (_file: string, dependencies: string[], { hostType }: { hostType: string }) =>
        hostType === 'html' ? dependencies : [],
    },
    // The budget check (scripts/check-bundle-budget.ts) reads which chunks each entry and route pulls in.
    manifest: true,
    rollupOptions: { input: { index: 'index.html', 'login-form': LOGIN_FORM_ENTRY } },
    // React, MUI, the router, i18next and TanStack Query make a ~165 kB gzip entry; pages load as their own chunks.
    chunkSizeWarningLimit: 600,
  },
}));
