import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { BRAND_IDS, BRANDS, type BrandId } from '@portal/contracts/brands';

/** The markers web/prerender/login-shell.ts puts around the pre-rendered sign-in page in index.html. */
const SHELL = /<!--login-shell-->([\s\S]*?)<!--\/login-shell-->/g;

export interface SpaPages {
  /** index.html with the pre-rendered sign-in form, for /login. */
  login: string;
  /** index.html without it, for every other page of the app. */
  app: string;
}

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/**
 * The built index.html once per brand (decision 0022): its <title> the brand's product name (the app keeps it
 * up to date) and, for /login, the pre-rendered sign-in page with the brand's names and links.
 */
export function spaPagesPerBrand(html: string): Record<BrandId, SpaPages> {
  return Object.fromEntries(
    BRAND_IDS.map((id) => {
      const brand = BRANDS[id];
      const titled = html.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(brand.productName)}</title>`);
      const values: Record<string, string> = {
        '%BRAND_ID%': brand.id,
        '%BRAND_PRODUCT_NAME%': escapeHtml(brand.productName),
        '%BRAND_COMPANY_NAME%': escapeHtml(brand.companyName),
        '%BRAND_TERMS_URL%': escapeHtml(brand.links.termsOfService),
        '%BRAND_PRIVACY_URL%': escapeHtml(brand.links.privacyPolicy),
      };
      const login = deferAppScripts(
        titled.replaceAll(SHELL, (_block, inner: string) =>
          inner.replaceAll(/%BRAND_[A-Z_]+%/g, (name) => values[name] ?? name),
        ),
      );
      return [id, { login, app: titled.replaceAll(SHELL, '') }];
    }),
  ) as Record<BrandId, SpaPages>;
}

/**
 * On /login the app starts when the visitor uses the pre-rendered form (signed in: at once), not beside it:
 * the entry, its module preloads and the preload of its first request (GET /api/config) become <meta> tags
 * that web/public/login-boot.js turns back into elements then.
 */
function deferAppScripts(html: string): string {
  return html
    .replaceAll(
      /<link rel="preload" href="([^"]+)" as="fetch" crossorigin="anonymous"\s*\/?>/g,
      '<meta name="portal-fetch" content="$1">',
    )
    .replace(
      /<script type="module" crossorigin src="([^"]+)"><\/script>/,
      '<meta name="portal-entry" content="$1">',
    )
    .replaceAll(
      /<link rel="modulepreload" crossorigin href="([^"]+)">/g,
      '<meta name="portal-preload" content="$1">',
    );
}

/** Light theme's primary and background (web/src/shared/theme/theme.ts): the installed app's title bar and splash. */
const THEME_COLOR = '#1f5fbf';
const BACKGROUND_COLOR = '#f4f6fa';

/** The web app manifest of a brand (issue 24, point 6): installable, with the brand's name and icons. */
export function webAppManifest(id: BrandId): Record<string, unknown> {
  const brand = BRANDS[id];
  const icon = (file: string) => `/brand/${id}/${file}`;
  return {
    id: '/',
    name: brand.productName,
    short_name: brand.productName.split(' ')[0],
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    icons: [
      { src: icon('icon.svg'), sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
      { src: icon('icon-192.png'), sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: icon('icon-512.png'), sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: icon('maskable-512.png'), sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

export interface EncodedPage {
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/** As web/scripts/precompress.ts: under 1 KB, compression saves less than it costs. */
const MIN_COMPRESSED_BYTES = 1024;

/** A page compressed once at start: /login's carries the pre-rendered sign-in page, ~4× smaller in Brotli. */
export function encodePage(html: string): EncodedPage {
  const identity = Buffer.from(html, 'utf8');
  if (identity.length < MIN_COMPRESSED_BYTES) return { identity };
  return {
    identity,
    br: brotliCompressSync(identity, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
    }),
    gzip: gzipSync(identity, { level: 9 }),
  };
}

/** The best encoding the request accepts (a q=0 refusal counts as not accepted). */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | 'identity' {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter((part) => !/;\s*q=0(\.0*)?$/.test(part))
      .map((part) => part.split(';')[0]),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return 'identity';
}
