import { describe, expect, it } from 'vitest';
import entry from '../../main.tsx?raw';
import { BOOT_STEPS } from './steps.ts';

describe('boot steps', () => {
  it('are the modules main.tsx imports, in its order (the build preloads and the budget counts these)', () => {
    const imported = [...entry.matchAll(/await import\('\.\/([^']+)'\)/g)].map((match) => `src/${match[1]}`);
    expect(imported).toEqual(BOOT_STEPS);
  });
});
