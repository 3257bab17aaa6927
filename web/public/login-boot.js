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
  document.addEventListener('submit', (event) => {
    if (event.target.id !== 'prerendered-login-form') return;
    event.preventDefault();
    event.target.setAttribute('data-submitted', '');
  });
})();
