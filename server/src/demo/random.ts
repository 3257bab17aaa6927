import { base, en, Faker } from '@faker-js/faker';

/** A seeded faker: the same seed gives the same sequence on every run and machine. */
export function seededFaker(seed: number): Faker {
  const faker = new Faker({ locale: [en, base] });
  faker.seed(seed);
  return faker;
}

/** Derives a stable sub-seed, so one part of the data does not shift when another grows. */
export function subSeed(seed: number, label: string): number {
  let hash = seed >>> 0;
  for (const char of label) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0;
  return hash;
}

/** Ids of 12 upper-case alphanumerics, unique within one generation. */
export class DeviceIds {
  private readonly used = new Set<string>();
  next(faker: Faker): string {
    for (;;) {
      const id = faker.string.alphanumeric({ length: 12, casing: 'upper' });
      if (!this.used.has(id)) {
        this.used.add(id);
        return id;
      }
    }
  }
}

const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD' of `days` after `now` (UTC). */
export function dateAfter(now: Date, days: number): string {
  return new Date(now.getTime() + days * DAY_MS).toISOString().slice(0, 10);
}

export function minutesBefore(now: Date, minutes: number): Date {
  return new Date(now.getTime() - Math.round(minutes * 60_000));
}

/**
 * Minutes between `min` and `max`, log-uniform: as many a few minutes old as hours or days old, the way open
 * problems pile up (most are fresh, a few linger).
 */
export function logUniformMinutes(faker: Faker, min: number, max: number): number {
  return Math.round(min * (max / min) ** faker.number.float({ min: 0, max: 1 }));
}
