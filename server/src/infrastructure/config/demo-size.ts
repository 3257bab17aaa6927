/**
 * Demo data sizes (config DEMO_SIZE, `npm run seed -- --size`): small (a few thousand devices), large (+ a
 * dealer with 1,000 customers and 100,000 devices), xlarge (+ 197 generated dealers under 12 distributors:
 * 200 dealers, ~5,000 customers, ~500,000 devices; meant for a PostgreSQL server). Here, not in demo/, so
 * the configuration validates DEMO_SIZE without loading the demo data.
 */
export const DEMO_SIZES = ['small', 'large', 'xlarge'] as const;
export type DemoSize = (typeof DEMO_SIZES)[number];
