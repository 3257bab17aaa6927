// Runs before the pre-rendered sign-in form paints (web/prerender/login-shell.ts): the app's language
// (stored choice, then the browser's languages; src/shared/i18n/languages.ts) and stored theme, no form
// for a signed-in visitor (the app sends them on), and a submit before the app took over is kept for it.
(() => {
  const root = document.documentElement;
  const stored = (key) => {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  };
  const fromTag = (tag) => {
    const lower = String(tag).toLowerCase();
    if (lower === 'en' || lower.startsWith('en-')) return 'en';
    if (/^zh-(tw|hk|mo|hant)(\b|-|$)/.test(lower)) return 'zh-TW';
    return undefined;
  };
  let language = stored('partner-portal.language');
  if (language !== 'en' && language !== 'zh-TW') {
    language = (navigator.languages || [navigator.language]).map(fromTag).find(Boolean) || 'en';
  }
  root.lang = language;
  const theme = stored('partner-portal.theme');
  if (theme === 'light' || theme === 'dark') root.setAttribute('data-color-scheme', theme);
  try {
    if (Object.keys(localStorage).some((key) => key.endsWith('.LastAuthUser')))
      root.classList.add('pl-signed-in');
  } catch {}
  // The app's scripts, which the server turned into <meta> tags on /login (server/src/http/spa-pages.ts),
  // start after the form's first paint, so they do not hold it up.
  let started = false;
  const startApp = () => {
    if (started) return;
    started = true;
    for (const meta of document.querySelectorAll('meta[name="portal-preload"]')) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = meta.content;
      document.head.append(link);
    }
    const entry = document.querySelector('meta[name="portal-entry"]');
    if (!entry) return;
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry.content;
    document.head.append(script);
  };
  if (root.classList.contains('pl-signed-in')) startApp();
  document.addEventListener('DOMContentLoaded', () => requestAnimationFrame(() => setTimeout(startApp)));
  document.addEventListener('submit', (event) => {
    if (event.target.id !== 'prerendered-login-form') return;
    event.preventDefault();
    event.target.setAttribute('data-submitted', '');
  });
})();
