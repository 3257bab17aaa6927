/**
 * Boot step 4 (main.tsx): the API client with zod and the API's first schemas (building a zod schema is slow
 * while its code is cold), evaluated in a task of their own. Exported only so that the build keeps them in
 * this step.
 */
export { accountQueryOptions } from '@/shared/session/account-query.ts';
