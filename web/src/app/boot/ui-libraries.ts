/**
 * Boot step 1 (main.tsx): React, emotion, MUI's core and i18next, evaluated in a task of their own. Exported
 * only so that the build keeps them in this step; the app imports them from their packages as usual.
 */
export { default as Box } from '@mui/material/Box';
export { default as Button } from '@mui/material/Button';
export { default as CssBaseline } from '@mui/material/CssBaseline';
export { ThemeProvider } from '@mui/material/styles';
export { default as Typography } from '@mui/material/Typography';
export { default as i18next } from 'i18next';
export { createRoot } from 'react-dom/client';
export { initReactI18next } from 'react-i18next';
