/**
 * Boot step 2 (main.tsx): the API client, the query cache and the router, with zod and the API's first
 * schemas (building a zod schema is slow while its code is cold), evaluated in a task of their own. Exported
 * only so that the build keeps them in this step.
 */
export { QueryClient } from '@tanstack/react-query';
export { createBrowserRouter } from 'react-router';
export { accountQueryOptions } from '@/shared/session/account-query.ts';
