/**
 * The modules main.tsx imports one after another, each evaluated in a task of its own: the build preloads
 * their chunks from index.html (vite.config.ts). Keep in step with main.tsx (steps.test.ts). The budget
 * (scripts/check-bundle-budget.ts) counts the entry's dynamic imports, which are these.
 */
export const BOOT_STEPS = [
  'src/app/boot/react-libraries.ts',
  'src/app/boot/ui-libraries.ts',
  'src/app/boot/router-libraries.ts',
  'src/app/boot/data-libraries.ts',
  'src/app/boot/theme.ts',
  'src/app/start.tsx',
];
