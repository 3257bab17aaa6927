// Runs before the pre-rendered sign-in form paints (web/prerender/login-shell.ts): the app's language
// (stored choice, then the browser's languages; src/shared/i18n/languages.ts) and stored theme, no form
// for a signed-in visitor (the app sends them on), the form's sign-in script once the visitor uses the form
// (a submit before it arrived is kept for it), and the app's scripts when that script asks for them.
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
  // The page's title as the app writes it ("<page> | <product>", the server wrote the product's name).
  document.addEventListener('DOMContentLoaded', () => {
    const heading = document.querySelector(`#prerendered-login h1 [data-l="${language}"]`);
    if (heading) document.title = `${heading.textContent} | ${document.title}`;
  });
  try {
    if (Object.keys(localStorage).some((key) => key.endsWith('.LastAuthUser')))
      root.classList.add('pl-signed-in');
  } catch {}
  // The app's scripts, which the server turned into <meta> tags on /login (server/src/http/spa-pages.ts),
  // and the form's own sign-in and the signed-in pages' code, which the build named in <meta> tags too.
  const metas = (name) => [...document.querySelectorAll(`meta[name="${name}"]`)].map((meta) => meta.content);
  const added = new Set();
  const add = (tag, attributes, onDone) => {
    const key = `${tag} ${attributes.rel || ''} ${attributes.href || attributes.src}`;
    if (added.has(key)) return false;
    added.add(key);
    const element = Object.assign(document.createElement(tag), attributes);
    if (onDone) element.onload = element.onerror = onDone;
    document.head.append(element);
    return true;
  };
  // While the visitor types the password, the app's code comes a few files at a time: on HTTP/1.1 a browser opens
  // six connections to a host, and ~100 preloads at once kept the proof's own requests waiting (4 s on the
  // mobile preset's 1.6 Mbit/s). The rest goes at once when the app starts.
  // Before the click, five at a time (the sixth connection is the form's own: the pool's configuration and
  // Amplify); once the visitor has submitted, three, so the password proof's requests never wait.
  const queued = [];
  let loading = 0;
  let submitted = false;
  const pump = () => {
    while (loading < (submitted ? 3 : 5) && queued.length > 0) {
      const href = queued.shift();
      if (add('link', { rel: 'modulepreload', crossOrigin: '', fetchPriority: 'low', href }, done))
        loading += 1;
    }
  };
  const done = () => {
    loading -= 1;
    pump();
  };
  const appScripts = () => [...metas('portal-entry'), ...metas('portal-preload')];
  const preloadApp = () => {
    // The signed-in pages' strings in the page's language only (the visitor may have switched it).
    const shown = root.lang;
    queued.push(...appScripts(), ...metas('portal-signed-in'), ...metas(`portal-signed-in-${shown}`));
    pump();
  };
  const startApp = () => {
    for (const href of metas('portal-fetch'))
      add('link', { rel: 'preload', as: 'fetch', crossOrigin: 'anonymous', href });
    for (const href of [...appScripts(), ...queued.splice(0)])
      add('link', { rel: 'modulepreload', crossOrigin: '', href });
    for (const src of metas('portal-entry')) add('script', { type: 'module', crossOrigin: '', src });
  };
  // Signed out, the form is the page until the visitor uses it; then its own sign-in loads (no React,
  // src/app/login-shell/sign-in-form.ts: the form's rules and messages, Amplify as the user types), which
  // starts the app when signed in or when it hands over (another sign-in step, a passkey, another page).
  // So a phone spends no CPU on the app before the landing page, and its data only once the visitor types a
  // password: the landing page's code then arrives while they type (issue 24 point 3).
  const startForm = () => {
    for (const src of metas('portal-sign-in')) add('script', { type: 'module', crossOrigin: '', src });
  };
  document.addEventListener('portal:start-app', startApp);
  document.addEventListener('portal:preload-app', preloadApp);
  // A signed-in visitor is sent on by the app at once. Offline (the service worker's copy of this page) the
  // app starts at once too: it costs no data then, and it is what says the network is gone.
  if (root.classList.contains('pl-signed-in') || navigator.onLine === false) startApp();
  else
    for (const type of ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'wheel', 'input', 'click'])
      addEventListener(type, startForm, { capture: true, passive: true });
  // Until the form's script is there, a submit, a passkey choice or a header menu is kept for it.
  const form = () => document.getElementById('prerendered-login-form');
  document.addEventListener('submit', (event) => {
    if (event.target.id === 'prerendered-login-form') submitted = true;
    if (event.target.id !== 'prerendered-login-form' || event.target.hasAttribute('data-ready')) return;
    event.preventDefault();
    event.target.setAttribute('data-submitted', '');
    startForm();
  });
  document.addEventListener('click', (event) => {
    const target = form();
    const chosen = event.target.closest?.(
      '#prerendered-login [data-passkey], #prerendered-login [data-menu]',
    );
    if (!target || target.hasAttribute('data-ready') || !chosen) return;
    target.setAttribute('data-chosen', chosen.getAttribute('data-menu') || 'passkey');
  });
})();
