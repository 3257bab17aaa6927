import type { Migration } from 'kysely';

/** Every migration, in order. Names sort in the order they run; never edit one that has shipped. */
export const migrations: Record<string, Migration> = {};
