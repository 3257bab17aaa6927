// Runs before the pre-rendered sign-in form paints (web/prerender/login-shell.ts): the app's language
// (stored choice, then the browser's languages; src/shared/i18n/languages.ts) and stored theme, no form
// for a signed-in visitor (the app sends them on), the app's scripts once the visitor uses the form, and a
// submit before the app took over is kept for it.
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
  // The app's scripts, which the server turned into <meta> tags on /login (server/src/http/spa-pages.ts).
  let started = false;
  const startApp = () => {
    if (started) return;
    started = true;
    for (const meta of document.querySelectorAll('meta[name="portal-fetch"]')) {
      const link = document.createElement('link');
      link.rel = 'preload';
      link.as = 'fetch';
      link.crossOrigin = 'anonymous';
      link.href = meta.content;
      document.head.append(link);
    }
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
  // A signed-in visitor is sent on by the app at once. Signed out, the form is the page until the visitor
  // uses it: the app (sign-in, language and theme menus) loads on the first touch, key, pointer movement,
  // input or click, so a phone that only shows the form spends neither data nor CPU on the app (issue 24).
  // The app keeps what is typed meanwhile, the focus and a submit.
  // Offline (the service worker's copy of this page) the app starts at once too: it costs no data then, and
  // it is what says the network is gone.
  if (root.classList.contains('pl-signed-in') || navigator.onLine === false) startApp();
  else
    for (const type of ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'wheel', 'input', 'click'])
      addEventListener(type, startApp, { capture: true, passive: true });
  document.addEventListener('submit', (event) => {
    if (event.target.id !== 'prerendered-login-form') return;
    event.preventDefault();
    event.target.setAttribute('data-submitted', '');
    startApp();
  });
})();
