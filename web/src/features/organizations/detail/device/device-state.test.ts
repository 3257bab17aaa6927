import { describe, expect, it } from 'vitest';
import { firstPlatformState, secondPlatformState } from './device-state.ts';

describe('firstPlatformState', () => {
  const device = { online: true, recording: false, firmwareUpgradeState: null };

  it('is offline when not online, whatever else is set', () => {
    expect(firstPlatformState({ online: false, recording: true, firmwareUpgradeState: 10 })).toBe('OFFLINE');
  });

  it('is recording before upgrading', () => {
    expect(firstPlatformState({ ...device, recording: true, firmwareUpgradeState: 3 })).toBe('RECORDING');
  });

  it('is upgrading on firmware states 3, 4 and 10 only', () => {
    for (const state of [3, 4, 10]) {
      expect(firstPlatformState({ ...device, firmwareUpgradeState: state })).toBe('UPGRADING');
    }
    for (const state of [5, 11, 12])
      expect(firstPlatformState({ ...device, firmwareUpgradeState: state })).toBeNull();
    expect(firstPlatformState(device)).toBeNull();
  });
});

describe('secondPlatformState', () => {
  it('is offline when not connected, recording when isRecording, else none', () => {
    expect(secondPlatformState({ connected: false, isRecording: true })).toBe('OFFLINE');
    expect(secondPlatformState({ connected: true, isRecording: true })).toBe('RECORDING');
    expect(secondPlatformState({ connected: true, isRecording: false })).toBeNull();
  });
});
