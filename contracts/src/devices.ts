/** Device vocabulary of SPEC §3-§4, shared by the database, the API and the UI. */

export const DEVICE_TYPES = [
  'VSS',
  'WINDOWS_NVR',
  'LINUX_NVR',
  'DEVICE_MANAGER',
  'CAMERA',
  'FISH_EYE',
  'PTZ',
  'NVR',
  'IP_SPEAKER',
  'NVR_CHANNEL',
  'VORTEX',
  'OBM',
] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

export const DEVICE_CATEGORIES = ['CAMERA', 'FISH_EYE', 'PTZ', 'SERVER'] as const;
export type DeviceCategory = (typeof DEVICE_CATEGORIES)[number];

export const DEVICE_STATES = ['OFFLINE', 'RECORDING', 'UPGRADING'] as const;
export type DeviceState = (typeof DEVICE_STATES)[number];

/** The two device platforms: the first (user portal, "vortex") and the second (services: VSS, device manager). */
export const PLATFORMS = ['first', 'second'] as const;
export type Platform = (typeof PLATFORMS)[number];

export const SERVICE_TYPES = ['VORTEX', 'VSS', 'DEVICE_MANAGER'] as const;

/** Firmware upgrade states of the first platform (SPEC §4). */
export const FIRMWARE_UPGRADE_STATE = {
  downloading: 3,
  downloadSuccess: 4,
  downloadFail: 5,
  upgrading: 10,
  success: 11,
  fail: 12,
} as const;
/** States in which a first-platform device counts as UPGRADING. */
export const UPGRADING_FIRMWARE_STATES: readonly number[] = [
  FIRMWARE_UPGRADE_STATE.downloading,
  FIRMWARE_UPGRADE_STATE.downloadSuccess,
  FIRMWARE_UPGRADE_STATE.upgrading,
];

/** Camera status flags (SPEC §3 Statistics). */
export const CAMERA_STATUS_FLAGS = ['offline', 'recording', 'recordFailed', 'firmwareUpdatedFailed'] as const;
/** Server status flags (SPEC §3 Statistics). */
export const SERVER_STATUS_FLAGS = [
  'offline',
  'smartError',
  'diskFailed',
  'serverCPUHigh',
  'serverMemoryHigh',
  'serverLoginFailed',
  'networkHigh',
  'networkSessionHigh',
] as const;
export const STATUS_FLAGS = [
  'offline',
  'recordFailed',
  'firmwareUpdatedFailed',
  'smartError',
  'diskFailed',
  'serverCPUHigh',
  'serverMemoryHigh',
  'serverLoginFailed',
  'networkHigh',
  'networkSessionHigh',
] as const;
export type StatusFlag = (typeof STATUS_FLAGS)[number];

/** Alert categories and types (SPEC §4). */
export const ALERT_CATEGORIES = ['CAMERA', 'SERVER', 'CYBER', 'LICENSE'] as const;
export type AlertCategory = (typeof ALERT_CATEGORIES)[number];
export const ALERT_TYPES = {
  CAMERA: ['OFFLINE', 'FIRMWARE_UPDATE_FAILED', 'RECORDING_FAILED'],
  SERVER: ['OFFLINE', 'SMART_ERROR', 'DISK_FAILED', 'SERVER_CPU_HIGH', 'SERVER_MEMORY_HIGH', 'NETWORK_HIGH'],
  CYBER: ['SERVER_LOGIN_FAILED', 'NETWORK_SESSION_HIGH'],
  LICENSE: ['EXPIRED', 'EXPIRING', 'UNLICENSED'],
} as const satisfies Record<AlertCategory, readonly string[]>;

/**
 * The alert catalogue (SPEC §4 'Catalog alert wording'): every alert type the product has wording for, by
 * category (`dashboard.alerts.<CATEGORY>.<TYPE>` in both locales). ALERT_TYPES are those the incident
 * tables hold and the dashboard counts today; the others are worded ahead of the incident engine, which
 * moves a type into ALERT_TYPES (and the incidents table's check) when it starts raising it.
 */
export const ALERT_CATALOGUE = {
  CAMERA: [...ALERT_TYPES.CAMERA, 'NON_STORAGE_BACKUP', 'STORAGE_BACKUP'],
  SERVER: [...ALERT_TYPES.SERVER, 'DISK_FULL', 'NVR_POE_ERROR'],
  CYBER: [...ALERT_TYPES.CYBER],
  LICENSE: [...ALERT_TYPES.LICENSE],
} as const satisfies Record<AlertCategory, readonly string[]>;
