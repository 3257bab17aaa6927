/**
 * Boot step 3 (main.tsx): the query cache and the router, evaluated in a task of their own. Exported only so
 * that the build keeps them in this step.
 */
export { QueryClient } from '@tanstack/react-query';
export { createBrowserRouter } from 'react-router';
