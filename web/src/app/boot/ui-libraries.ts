/**
 * Boot step 2 (main.tsx): emotion and MUI's core, evaluated in a task of their own (with React's DOM renderer,
 * step 1, it was one task of ~50 ms of a desktop's CPU: ×4 on a phone). Exported only so that the build keeps
 * them in this step; the app imports them from their packages as usual.
 */
export { default as Box } from '@mui/material/Box';
export { default as Button } from '@mui/material/Button';
export { default as CssBaseline } from '@mui/material/CssBaseline';
export { ThemeProvider } from '@mui/material/styles';
export { default as Typography } from '@mui/material/Typography';
