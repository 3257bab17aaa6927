/**
 * The sign-in page as plain HTML and CSS, written into index.html at build time (vite.config.ts) so /login
 * paints a usable form before any of the app's JavaScript arrives (issue 24, point 1). It carries every
 * string in both languages (public/login-boot.js picks one before the first paint, as the app would) and
 * both colour schemes; the server fills the host brand's placeholders and sends it for /login only
 * (server/src/http/spa.ts). The app takes the form over with what the user typed
 * (src/shared/lib/prerendered-login.ts). Its sizes follow PortalLayout and LoginPage, so nothing moves.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { COPYRIGHT_YEAR } from '@portal/contracts/brands';

const WEB = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const LANGUAGES = ['en', 'zh-TW'] as const;
type Language = (typeof LANGUAGES)[number];

/** Placeholders the server replaces with the host brand's values (escaped). */
export const BRAND_PLACEHOLDERS = {
  id: '%BRAND_ID%',
  productName: '%BRAND_PRODUCT_NAME%',
  companyName: '%BRAND_COMPANY_NAME%',
  terms: '%BRAND_TERMS_URL%',
  privacy: '%BRAND_PRIVACY_URL%',
} as const;

/** The markers around the pre-rendered page; the server removes the block for every other path. */
export const SHELL_START = '<!--login-shell-->';
export const SHELL_END = '<!--/login-shell-->';

type Tree = { [key: string]: string | Tree };

function readLocale(file: string): Tree {
  return JSON.parse(readFileSync(path.join(WEB, file), 'utf8')) as Tree;
}

const locales: Record<Language, Tree[]> = {
  en: [readLocale('src/shared/i18n/locales/en.json'), readLocale('src/features/auth/locales/en.json')],
  'zh-TW': [
    readLocale('src/shared/i18n/locales/zh-TW.json'),
    readLocale('src/features/auth/locales/zh-TW.json'),
  ],
};

function lookup(language: Language, key: string): string {
  for (const tree of locales[language]) {
    let node: string | Tree | undefined = tree;
    for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
    if (typeof node === 'string') return node;
  }
  throw new Error(`login shell: no ${language} string for ${key}`);
}

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** One element per language; CSS shows the one matching <html lang>. */
function text(key: string, render: (value: string) => string = escapeHtml, tag = 'span'): string {
  return LANGUAGES.map(
    (language) => `<${tag} data-l="${language}">${render(lookup(language, key))}</${tag}>`,
  ).join('');
}

function interpolate(value: string, values: Record<string, string>): string {
  return value.replaceAll(/\{\{(\w+)\}\}/g, (_match, name: string) => values[name] ?? '');
}

function agreement(value: string): string {
  const link = (href: string) => `<a href="${href}" target="_blank" rel="noopener noreferrer">`;
  return interpolate(escapeHtml(value), { company: BRAND_PLACEHOLDERS.companyName })
    .replace('&lt;terms&gt;', link(BRAND_PLACEHOLDERS.terms))
    .replace('&lt;/terms&gt;', '</a>')
    .replace('&lt;privacy&gt;', link(BRAND_PLACEHOLDERS.privacy))
    .replace('&lt;/privacy&gt;', '</a>');
}

const MARKS = {
  lumora:
    '<g fill="none" stroke="#fff" stroke-width="2.5"><circle cx="16" cy="16" r="8.5"/><circle cx="16" cy="16" r="3" fill="#fff" stroke="none"/></g>',
  kestrel: '<path d="M6 20 L16 9 L26 20 L21 20 L16 14.5 L11 20 Z" fill="#fff"/>',
};

function field(name: 'email' | 'password', type: string, autoComplete: string): string {
  return `<div class="pl-field"><input id="pl-${name}" name="${name}" type="${type}" autocomplete="${autoComplete}" placeholder=" "${
    name === 'email' ? ' autofocus' : ''
  }><label for="pl-${name}">${text(`auth.fields.${name}`)}</label></div>`;
}

/** Mirrors the theme (src/shared/theme/theme.ts) and PortalLayout's spacing; light, dark by media or stored choice. */
const CSS = `
.pl{--bg:#f4f6fa;--paper:#fff;--primary:#1f5fbf;--on-primary:#fff;--text:#1b2430;--text2:#556274;--line:rgba(0,0,0,.23);--divider:rgba(27,36,48,.12);--glow:31 95 191}
@media (prefers-color-scheme:dark){html:not([data-color-scheme=light]) .pl{--bg:#0e131b;--paper:#161d28;--primary:#7aa7f0;--on-primary:#0b1220;--text:#e6ebf2;--text2:#9aa7b8;--line:rgba(255,255,255,.23);--divider:rgba(230,235,242,.12);--glow:122 167 240}}
html[data-color-scheme=dark] .pl{--bg:#0e131b;--paper:#161d28;--primary:#7aa7f0;--on-primary:#0b1220;--text:#e6ebf2;--text2:#9aa7b8;--line:rgba(255,255,255,.23);--divider:rgba(230,235,242,.12);--glow:122 167 240}
html[lang=zh-TW] .pl [data-l=en],html:not([lang=zh-TW]) .pl [data-l=zh-TW],.pl-signed-in .pl{display:none}
.pl{position:fixed;inset:0;z-index:1200;overflow:auto;display:flex;flex-direction:column;color:var(--text);background:var(--bg) radial-gradient(1200px 600px at 50% -10%,rgb(var(--glow)/.14),transparent 70%);font:400 1rem/1.5 Inter,"Segoe UI",Roboto,"Helvetica Neue","Noto Sans TC","PingFang TC","Microsoft JhengHei","WenQuanYi Micro Hei",Arial,sans-serif;-webkit-font-smoothing:antialiased}
.pl *,.pl *::before,.pl *::after{box-sizing:border-box}
.pl-header{height:56px;flex-shrink:0}
.pl main{flex:1;display:flex;flex-direction:column;align-items:center;padding:0 16px 32px}
.pl-logo{display:flex;align-items:center;gap:10px;margin:16px 0 24px;font-weight:700;font-size:1.25rem;letter-spacing:-.01em;line-height:1.5}
.pl-logo svg{display:block;color:var(--primary);flex-shrink:0}
.pl-logo svg:not([data-brand="${BRAND_PLACEHOLDERS.id}"]){display:none}
.pl-card{width:100%;max-width:480px;padding:24px;border:1px solid var(--divider);border-radius:24px;background:var(--paper);box-shadow:0 3px 1px -2px rgba(0,0,0,.2),0 2px 2px 0 rgba(0,0,0,.14),0 1px 5px 0 rgba(0,0,0,.12)}
.pl h1{margin:0 0 24px;font-size:1.5rem;font-weight:600;line-height:1.167}
.pl form{display:flex;flex-direction:column;gap:20px;margin:0}
.pl-field{position:relative}
.pl-field input{display:block;width:100%;height:56px;margin:0;padding:16.5px 14px;border:1px solid var(--line);border-radius:8px;background:transparent;color:inherit;font:inherit;letter-spacing:inherit}
.pl-field input:hover{border-color:var(--text)}
.pl-field input:focus{outline:none;border-color:var(--primary);box-shadow:inset 0 0 0 1px var(--primary)}
.pl-field label{position:absolute;left:14px;top:16px;max-width:calc(100% - 28px);color:var(--text2);pointer-events:none;transform-origin:top left;transition:transform .2s,color .2s;line-height:1.4375em;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.pl-field input:focus+label,.pl-field input:not(:placeholder-shown)+label{transform:translate(-5px,-25px) scale(.75);padding:0 5px;background:var(--paper);max-width:calc(133% - 32px)}
.pl-field input:focus+label{color:var(--primary)}
.pl a{color:var(--primary);text-decoration:underline;text-decoration-color:rgb(var(--glow)/.4)}
.pl-forgot{align-self:flex-end;font-size:.875rem;line-height:1.43}
.pl button{height:42px;border:0;border-radius:8px;padding:8px 22px;background:var(--primary);color:var(--on-primary);font:inherit;font-size:.9375rem;font-weight:600;line-height:1.75;cursor:pointer;box-shadow:0 3px 1px -2px rgba(0,0,0,.2),0 2px 2px 0 rgba(0,0,0,.14),0 1px 5px 0 rgba(0,0,0,.12)}
.pl form[data-submitted] button{opacity:.7;cursor:progress}
.pl-agreement{margin:0;font-size:.875rem;line-height:1.43;color:var(--text2)}
.pl footer{text-align:center;padding:24px 16px;font-size:.75rem;line-height:1.66;color:var(--text2)}
@media (min-width:600px){.pl-logo{margin-top:48px}.pl-card{padding:32px}}
@media (pointer:coarse),(max-width:599.95px){.pl-forgot{display:inline-flex;align-items:center;min-height:44px}.pl button{height:44px}}
`
  .trim()
  .replaceAll(/\n/g, '');

/** The <head> part (styles and the language/theme chooser) and the <body> part of the shell. */
export function renderLoginShell(): { head: string; body: string } {
  const marks = Object.entries(MARKS)
    .map(
      ([brand, mark]) =>
        `<svg data-brand="${brand}" viewBox="0 0 32 32" width="44" height="44" aria-hidden="true" focusable="false"><rect width="32" height="32" rx="8" fill="currentColor"/>${mark}</svg>`,
    )
    .join('');
  const copyright = (value: string) =>
    escapeHtml(interpolate(value, { year: String(COPYRIGHT_YEAR), company: BRAND_PLACEHOLDERS.companyName }));
  const body = `<div id="prerendered-login" class="pl"><div class="pl-header"></div><main><div class="pl-logo">${marks}<span>${BRAND_PLACEHOLDERS.productName}</span></div><div class="pl-card"><h1>${text('routes.login')}</h1><form id="prerendered-login-form" novalidate>${field('email', 'email', 'username')}${field('password', 'password', 'current-password')}<a class="pl-forgot" href="/forgot-password">${text('auth.login.forgotPassword')}</a><button type="submit">${text('auth.login.submit')}</button><p class="pl-agreement">${text('brand.agreement', agreement)}</p></form></div></main><footer>${text('brand.copyright', copyright)}</footer></div>`;
  return {
    head: `${SHELL_START}<style>${CSS}</style><script src="/login-boot.js"></script>${SHELL_END}`,
    body: `${SHELL_START}${body}${SHELL_END}`,
  };
}
