import type { Answer, Target } from '../client.ts';
import type { Context } from '../context.ts';

/** One round of the racer: the same write sent to both processes at the same moment. */
export interface RaceRound {
  ctx: Context;
  /** The round's number: what it writes is unique to it. */
  n: number;
  /** A then B in even rounds, B then A in odd ones. */
  pair: readonly [Target, Target];
  /** Sends one request to both processes at once. */
  both(send: (target: Target) => Promise<Answer>): Promise<Answer[]>;
  /** Whether the statuses (in any order) are the wanted pair: counts the round, or records the error. */
  race(name: string, statuses: number[], wanted: number[]): boolean;
}

export function raceRound(ctx: Context, n: number): RaceRound {
  const { recorder, model } = ctx;
  const pair = n % 2 === 0 ? ctx.targets : ([ctx.targets[1], ctx.targets[0]] as const);
  return {
    ctx,
    n,
    pair,
    both: (send) => Promise.all(pair.map(send)),
    race(name, statuses, wanted) {
      const got = [...statuses].sort((x, y) => x - y);
      if (got.some((status, i) => status !== wanted[i])) {
        recorder.error('inconsistent', `${name}: answers ${got.join('+')}, expected ${wanted.join('+')}`);
        return false;
      }
      model.races.set(name, (model.races.get(name) ?? 0) + 1);
      return true;
    },
  };
}
