import type pg from 'pg';
import type { IdentitySettings, Recorder, Target } from './client.ts';
import type { Model } from './model.ts';
import type { World } from './world.ts';

/** What every client of the load shares: the processes, the seeded ids, what was acknowledged, the deadline. */
export interface Context {
  pool: pg.Pool;
  recorder: Recorder;
  targets: readonly [Target, Target];
  settings: IdentitySettings;
  world: World;
  model: Model;
  until: number;
  runId: string;
}
