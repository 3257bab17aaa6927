/** A seeded pseudo-random source (mulberry32): the same seed gives the same run. */
export interface Random {
  /** In [0, 1). */
  next(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** A choice by weight. */
  weighted<T>(choices: readonly { weight: number; value: T }[]): T;
  shuffle<T>(items: T[]): T[];
}

export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    chance: (probability) => next() < probability,
    pick: (items) => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[Math.floor(next() * items.length)] as (typeof items)[number];
    },
    weighted: (choices) => {
      const total = choices.reduce((sum, choice) => sum + choice.weight, 0);
      let roll = next() * total;
      for (const choice of choices) {
        roll -= choice.weight;
        if (roll < 0) return choice.value;
      }
      return (choices.at(-1) as (typeof choices)[number]).value;
    },
    shuffle: (items) => {
      for (let i = items.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [items[i], items[j]] = [items[j] as (typeof items)[number], items[i] as (typeof items)[number]];
      }
      return items;
    },
  };
}
