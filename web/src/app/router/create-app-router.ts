import { createBrowserRouter } from 'react-router';
import type { Guard } from './guard.ts';
import { createRoutes } from './routes.tsx';

export function createAppRouter(guard: Guard) {
  return createBrowserRouter(createRoutes(guard));
}
