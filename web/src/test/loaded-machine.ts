/**
 * How long a test polls for something that happens at once on a quiet machine: a loaded 2-core CI machine
 * can take seconds (Vitest's own `vi.waitFor` gives up after 1 s). Testing Library's queries get the same
 * (setup.ts).
 */
export const LOADED_MACHINE = { timeout: 8_000 } as const;
