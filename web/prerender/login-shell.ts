/**
 * The sign-in page as plain HTML and CSS, written into index.html at build time (vite.config.ts) so /login
 * paints a usable form before any of the app's JavaScript arrives (issue 24, point 1). It carries every
 * string in both languages (public/login-boot.js picks one before the first paint, as the app would) and
 * both colour schemes; the server fills the host brand's placeholders and sends it for /login only
 * (server/src/infrastructure/http/spa.ts). The app takes the form over with what the user typed
 * (src/shared/lib/prerendered-login.ts). Its sizes follow PortalLayout and LoginPage, so nothing moves.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { COPYRIGHT_YEAR } from '@portal/contracts/brands';
import { MESSAGES } from '@portal/contracts/validation';
import type { FieldProblem } from '../src/app/login-shell/validate-sign-in.ts';
import { FAILURE_MESSAGE_KEYS } from '../src/features/auth/errors/auth-failure.ts';
import { validationMessageKey } from '../src/features/auth/forms/validation-message.ts';

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
/** Where the build writes the <meta> tags naming the form's sign-in module and the signed-in code (vite.config.ts). */
export const SCRIPT_METAS = '<!--login-shell-scripts-->';

/**
 * Every message the form's sign-in (src/app/login-shell/) can show, by translation key: the sign-in form's
 * validation messages (the app's rules, src/features/auth/forms/) and the sign-in failures' lines
 * (src/features/auth/errors/auth-failure.ts), so the plain form says exactly what LoginPage says.
 */
const PROBLEM_KEYS: Record<FieldProblem, string | undefined> = {
  fieldEmpty: validationMessageKey(MESSAGES.fieldEmpty),
  invalidEmail: validationMessageKey(MESSAGES.invalidEmail),
};
export const FORM_MESSAGE_KEYS = [
  ...new Set([...Object.values(PROBLEM_KEYS), ...Object.values(FAILURE_MESSAGE_KEYS).flat()]),
].filter((key) => key !== undefined);

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

/** A Material icon's path data, read from the package the app's header takes it from (@mui/icons-material). */
function materialIcon(name: string): string {
  const source = readFileSync(path.join(WEB, `../node_modules/@mui/icons-material/${name}.mjs`), 'utf8');
  const paths = [...source.matchAll(/\bd: "([^"]+)"/g)].map((match) => `<path d="${match[1]}"/>`);
  if (paths.length === 0) throw new Error(`login shell: no path in the ${name} icon`);
  return paths.join('');
}

/**
 * The header's language and theme buttons (LanguageMenu, ThemeMenu with MODE_ICONS): the same icons and
 * names; pressed, they hand over to the app, which opens its menu (src/app/login-shell/).
 */
function headerButtons(): string {
  const icon = (name: string, mode?: string) =>
    `<svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false"${
      mode ? ` data-mode="${mode}"` : ''
    }>${materialIcon(name)}</svg>`;
  const button = (menu: string, labelKey: string, icons: string) =>
    `<button type="button" class="pl-icon-button" data-menu="${menu}"><span class="pl-sr">${text(labelKey)}</span>${icons}</button>`;
  return `<div class="pl-header">${button('language', 'header.changeLanguage', icon('Translate'))}${button(
    'theme',
    'header.changeTheme',
    icon('SettingsBrightnessOutlined', 'system') +
      icon('LightModeOutlined', 'light') +
      icon('DarkModeOutlined', 'dark'),
  )}</div>`;
}

const MARKS = {
  lumora:
    '<g fill="none" stroke="#fff" stroke-width="2.5"><circle cx="16" cy="16" r="8.5"/><circle cx="16" cy="16" r="3" fill="#fff" stroke="none"/></g>',
  kestrel: '<path d="M6 20 L16 9 L26 20 L21 20 L16 14.5 L11 20 Z" fill="#fff"/>',
};

function field(name: 'email' | 'password', type: string, autoComplete: string): string {
  return `<div class="pl-field"><input id="pl-${name}" name="${name}" type="${type}" autocomplete="${autoComplete}" placeholder=" " aria-describedby="pl-${name}-error"${
    name === 'email' ? ' autofocus' : ''
  }><label for="pl-${name}">${text(`auth.fields.${name}`)}</label><p id="pl-${name}-error" class="pl-error"></p></div>`;
}

/** The messages, inert in a template; the form's script copies one, in the page's language, where it is shown. */
function messages(): string {
  const problemOf = (key: string) => {
    const problem = Object.entries(PROBLEM_KEYS).find(([, value]) => value === key)?.[0];
    return problem ? ` data-problem="${problem}"` : '';
  };
  return `<template id="pl-messages">${FORM_MESSAGE_KEYS.map(
    (key) => `<span data-m="${key}"${problemOf(key)}>${text(key)}</span>`,
  ).join('')}</template>`;
}

/**
 * The lockout warning (LockoutDialog's words and actions), a native dialog; named and described by its text
 * while open only (src/app/login-shell/form-view.ts), as LockoutDialog exists only then.
 */
function lockoutDialog(): string {
  return `<dialog id="pl-lockout" class="pl-dialog"><h2 id="pl-lockout-title">${text('auth.lockout.title')}</h2><p id="pl-lockout-advice">${text('auth.lockout.advice')}</p><form method="dialog" class="pl-dialog-actions"><button value="cancel" class="pl-text-button">${text('auth.lockout.cancel')}</button><button value="reset" class="pl-contained-button">${text('auth.lockout.reset')}</button></form></dialog>`;
}

/** FailureAlert's icon (MUI's error Alert draws ErrorOutline, in @mui/icons-material ErrorOutlineOutlined), as a CSS mask. */
const ALERT_ICON = `data:image/svg+xml,${encodeURIComponent(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">${materialIcon('ErrorOutlineOutlined')}</svg>`,
)}`;

/** Mirrors the theme (src/shared/theme/theme.ts) and PortalLayout's spacing; light, dark by media or stored choice. */
const CSS = `
.pl{--bg:#f4f6fa;--paper:#fff;--primary:#1f5fbf;--on-primary:#fff;--text:#1b2430;--text2:#556274;--line:rgba(0,0,0,.23);--divider:rgba(27,36,48,.12);--glow:31 95 191;--error:#d32f2f;--error-bg:#fdeded;--error-text:#5f2120}
@media (prefers-color-scheme:dark){html:not([data-color-scheme=light]) .pl{--bg:#0e131b;--paper:#161d28;--primary:#7aa7f0;--on-primary:#0b1220;--text:#e6ebf2;--text2:#9aa7b8;--line:rgba(255,255,255,.23);--divider:rgba(230,235,242,.12);--glow:122 167 240;--error:#f66b61;--error-bg:#22141a;--error-text:#fbc4bf}}
html[data-color-scheme=dark] .pl{--bg:#0e131b;--paper:#161d28;--primary:#7aa7f0;--on-primary:#0b1220;--text:#e6ebf2;--text2:#9aa7b8;--line:rgba(255,255,255,.23);--divider:rgba(230,235,242,.12);--glow:122 167 240;--error:#f66b61;--error-bg:#22141a;--error-text:#fbc4bf}
html[lang=zh-TW] .pl [data-l=en],html:not([lang=zh-TW]) .pl [data-l=zh-TW],.pl-signed-in .pl{display:none}
.pl{position:fixed;inset:0;z-index:1200;overflow:auto;display:flex;flex-direction:column;color:var(--text);background:var(--bg) radial-gradient(1200px 600px at 50% -10%,rgb(var(--glow)/.14),transparent 70%);font:400 1rem/1.5 Inter,"Segoe UI",Roboto,"Helvetica Neue","Noto Sans TC","PingFang TC","Microsoft JhengHei","WenQuanYi Micro Hei",Arial,sans-serif;-webkit-font-smoothing:antialiased}
.pl *,.pl *::before,.pl *::after{box-sizing:border-box}
.pl-header{height:56px;flex-shrink:0;display:flex;justify-content:flex-end;align-items:center;gap:4px;padding:8px}
.pl .pl-icon-button{width:40px;height:40px;padding:8px;border-radius:50%;background:transparent;color:inherit;box-shadow:none;line-height:0}
.pl .pl-icon-button:hover{background:rgb(var(--glow)/.08)}
.pl-icon-button svg{fill:currentColor}
.pl-icon-button svg[data-mode],html[data-color-scheme=light] .pl-icon-button svg[data-mode=system],html[data-color-scheme=dark] .pl-icon-button svg[data-mode=system]{display:none}
.pl-icon-button svg[data-mode=system],html[data-color-scheme=light] .pl-icon-button svg[data-mode=light],html[data-color-scheme=dark] .pl-icon-button svg[data-mode=dark]{display:block}
.pl-sr{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
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
.pl form[data-submitted] button[type=submit]{opacity:.7;cursor:progress}
.pl-error{margin:3px 14px 0;font-size:.75rem;line-height:1.66;color:var(--error)}
.pl-error:empty{display:none}
.pl-field input[aria-invalid=true],.pl-field input[aria-invalid=true]:focus{border-color:var(--error);box-shadow:none}
.pl-field input[aria-invalid=true]:focus{box-shadow:inset 0 0 0 1px var(--error)}
.pl-field input[aria-invalid=true]+label{color:var(--error)}
.pl-alert{display:flex;align-items:center;gap:12px;margin:0;padding:14px 16px;border-radius:8px;background:var(--error-bg);color:var(--error-text);font-size:.875rem;line-height:1.43}
.pl-alert::before{content:"";flex-shrink:0;width:22px;height:22px;background:var(--error);mask:url("${ALERT_ICON}") center/contain no-repeat}
.pl-alert:empty{display:none}
.pl .pl-passkey{background:transparent;color:var(--primary);border:1px solid rgb(var(--glow)/.5);box-shadow:none}
.pl-dialog{max-width:444px;width:calc(100% - 64px);padding:0;border:0;border-radius:24px;background:var(--paper);color:var(--text);box-shadow:0 11px 15px -7px rgba(0,0,0,.2),0 24px 38px 3px rgba(0,0,0,.14)}
.pl-dialog::backdrop{background:rgba(0,0,0,.5)}
.pl-dialog h2{margin:0;padding:16px 24px;font-size:1.25rem;font-weight:600;line-height:1.6}
.pl-dialog p{margin:0;padding:0 24px 20px;color:var(--text2)}
.pl-dialog-actions{display:flex!important;flex-direction:row!important;justify-content:flex-end;gap:8px!important;padding:8px}
.pl .pl-text-button{background:transparent;color:var(--primary);box-shadow:none}
.pl .pl-text-button,.pl .pl-contained-button{height:36px;font-size:.875rem;padding:6px 16px}
.pl-agreement{margin:0;font-size:.875rem;line-height:1.43;color:var(--text2)}
.pl footer{text-align:center;padding:24px 16px;font-size:.75rem;line-height:1.66;color:var(--text2)}
@media (min-width:600px){.pl-logo{margin-top:48px}.pl-card{padding:32px}}
@media (pointer:coarse),(max-width:599.95px){.pl-forgot{display:inline-flex;align-items:center;min-height:44px}.pl button,.pl .pl-text-button,.pl .pl-contained-button{height:44px}.pl .pl-icon-button{width:44px;height:44px;padding:10px}.pl-header{padding:6px 8px}}
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
  const body = `<div id="prerendered-login" class="pl">${headerButtons()}<main><div class="pl-logo">${marks}<span>${BRAND_PLACEHOLDERS.productName}</span></div><div class="pl-card"><h1>${text('routes.login')}</h1><form id="prerendered-login-form" novalidate><div id="pl-alert" class="pl-alert" role="alert"></div>${field('email', 'email', 'username')}${field('password', 'password', 'current-password')}<a class="pl-forgot" href="/forgot-password">${text('auth.login.forgotPassword')}</a><button type="submit">${text('auth.login.submit')}</button><button type="button" class="pl-passkey" data-passkey>${text('auth.login.signInWithPasskey')}</button><p class="pl-agreement">${text('brand.agreement', agreement)}</p></form></div></main><footer>${text('brand.copyright', copyright)}</footer>${messages()}${lockoutDialog()}</div>`;
  return {
    head: `${SHELL_START}<style>${CSS}</style>${SCRIPT_METAS}<script src="/login-boot.js"></script>${SHELL_END}`,
    body: `${SHELL_START}${body}${SHELL_END}`,
  };
}
