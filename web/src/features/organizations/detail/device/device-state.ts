import { type DeviceState, UPGRADING_FIRMWARE_STATES } from '@portal/contracts/devices';
import type { FirstPlatformDevice } from '@portal/contracts/organizations';
import type { SecondPlatformDevice } from '@portal/contracts/platform';

/** SPEC §4, first platform: offline if not online; else recording; else upgrading on firmware states 3, 4, 10. */
export function firstPlatformState(
  device: Pick<FirstPlatformDevice, 'online' | 'recording' | 'firmwareUpgradeState'>,
): DeviceState | null {
  if (!device.online) return 'OFFLINE';
  if (device.recording) return 'RECORDING';
  if (
    device.firmwareUpgradeState !== null &&
    UPGRADING_FIRMWARE_STATES.includes(device.firmwareUpgradeState)
  ) {
    return 'UPGRADING';
  }
  return null;
}

/** SPEC §4, second platform: offline if not connected; recording if isRecording. */
export function secondPlatformState(
  device: Pick<SecondPlatformDevice, 'connected' | 'isRecording'>,
): DeviceState | null {
  if (!device.connected) return 'OFFLINE';
  if (device.isRecording) return 'RECORDING';
  return null;
}
