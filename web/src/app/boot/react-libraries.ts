/**
 * Boot step 1 (main.tsx): React's DOM renderer and i18next, evaluated in a task of their own. Exported only so
 * that the build keeps them in this step; the app imports them from their packages as usual.
 */
export { default as i18next } from 'i18next';
export { createRoot } from 'react-dom/client';
export { initReactI18next } from 'react-i18next';
