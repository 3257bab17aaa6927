/**
 * How long a test polls for something that happens at once on a quiet machine: a loaded 2-core CI machine
 * can take seconds (Vitest's own `vi.waitFor` gives up after 1 s). Testing Library's queries get the same
 * (setup.ts).
 */
// 8 s was not enough at load 20 (an alert after a sign-in attempt, CI of 2026-11-25).
export const LOADED_MACHINE = { timeout: 30_000 } as const;
