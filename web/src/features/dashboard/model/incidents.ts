import { ALERT_CATEGORIES, type AlertCategory } from '@portal/contracts/devices';
import type { CompanyStatistics } from '@portal/contracts/statistics';
import { type CustomerListFilter, customerListUrl } from '../../../navigation/customer-links.ts';

export interface IncidentRow {
  category: AlertCategory;
  alertType: string;
  /** `dashboard.alerts.<CATEGORY>.<ALERT_TYPE>`: the catalogue wording of SPEC §4. */
  labelKey: string;
  count: number;
  href: string;
}

export interface IncidentCategory {
  category: AlertCategory;
  labelKey: string;
  count: number;
  items: IncidentRow[];
}

/** Where an alert type leads: the customers whose devices or licenses are in that state. */
const ALERT_FILTERS: Record<string, CustomerListFilter> = {
  'CAMERA.OFFLINE': { device: 'camera', status: 'offline' },
  'CAMERA.FIRMWARE_UPDATE_FAILED': { device: 'camera', status: 'firmwareUpdatedFailed' },
  'CAMERA.RECORDING_FAILED': { device: 'camera', status: 'recordFailed' },
  'SERVER.OFFLINE': { device: 'server', status: 'offline' },
  'SERVER.SMART_ERROR': { device: 'server', status: 'smartError' },
  'SERVER.DISK_FAILED': { device: 'server', status: 'diskFailed' },
  'SERVER.SERVER_CPU_HIGH': { device: 'server', status: 'serverCPUHigh' },
  'SERVER.SERVER_MEMORY_HIGH': { device: 'server', status: 'serverMemoryHigh' },
  'SERVER.NETWORK_HIGH': { device: 'server', status: 'networkHigh' },
  'CYBER.SERVER_LOGIN_FAILED': { device: 'server', status: 'serverLoginFailed' },
  'CYBER.NETWORK_SESSION_HIGH': { device: 'server', status: 'networkSessionHigh' },
  'LICENSE.EXPIRED': { license: 'expired' },
  'LICENSE.EXPIRING': { license: 'expiring', within: 30 },
  'LICENSE.UNLICENSED': { license: 'unlicensed' },
};

/** Open incidents by category (SPEC §4 order), each with its alert types. */
export function incidentCategories(incidents: CompanyStatistics['incidents']): IncidentCategory[] {
  return ALERT_CATEGORIES.map((category) => {
    const items = incidents.items
      .filter((item) => item.category === category)
      .map((item) => ({
        category,
        alertType: item.alertType,
        labelKey: `dashboard.alerts.${category}.${item.alertType}`,
        count: item.count,
        href: customerListUrl(ALERT_FILTERS[`${category}.${item.alertType}`] ?? {}),
      }));
    return {
      category,
      labelKey: `dashboard.categories.${category}`,
      count: items.reduce((sum, item) => sum + item.count, 0),
      items,
    };
  });
}
