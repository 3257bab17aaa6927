import { describe, expect, it } from 'vitest';
import { clusterSize } from './cluster-icon.ts';

describe('clusterSize', () => {
  it('grows with the sites a cluster holds', () => {
    expect([5, 50, 500, 5_000].map((count) => clusterSize(count, false))).toEqual([34, 40, 46, 54]);
  });

  it('is at least 44 px on a touch screen, where a cluster is tapped to zoom into it', () => {
    expect([5, 50, 500, 5_000].map((count) => clusterSize(count, true))).toEqual([44, 44, 46, 54]);
  });
});
