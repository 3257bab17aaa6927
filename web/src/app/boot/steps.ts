/**
 * The modules main.tsx imports one after another, each evaluated in a task of its own. The build preloads
 * their chunks from index.html (vite.config.ts) and the budget counts them for every route
 * (scripts/check-bundle-budget.ts). Keep in step with main.tsx.
 */
export const BOOT_STEPS = [
  'src/app/boot/ui-libraries.ts',
  'src/app/boot/data-libraries.ts',
  'src/app/boot/theme.ts',
  'src/app/start.tsx',
];
