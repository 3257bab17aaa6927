import { ALERT_CATEGORIES, type AlertCategory } from '@portal/contracts/devices';
import type { CompanyStatistics } from '@portal/contracts/statistics';
import { customerListUrl } from '@/shared/navigation/customer-links.ts';

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
  /** The customers with open incidents of the category. */
  href: string;
  items: IncidentRow[];
}

/**
 * Types the incident engine never opens (issue 23): a device without a license is a lasting license state,
 * counted as devices in the License maturity report, not an incident. Their always-zero row would contradict
 * that count, so it is listed only if such incidents exist; the overview names the device count instead.
 */
const NOT_RAISED = new Set(['LICENSE.UNLICENSED']);

/** Open incidents by category (SPEC §4 order), each with its alert types. */
export function incidentCategories(incidents: CompanyStatistics['incidents']): IncidentCategory[] {
  return ALERT_CATEGORIES.map((category) => {
    const items = incidents.items
      .filter(
        (item) =>
          item.category === category && (!NOT_RAISED.has(`${category}.${item.alertType}`) || item.count > 0),
      )
      .map((item) => ({
        category,
        alertType: item.alertType,
        labelKey: `dashboard.alerts.${category}.${item.alertType}`,
        count: item.count,
        // The customers with such open incidents, each with its count (they add up to this one).
        href: customerListUrl({ incident: `${category}.${item.alertType}` }),
      }));
    return {
      category,
      labelKey: `dashboard.categories.${category}`,
      count: items.reduce((sum, item) => sum + item.count, 0),
      href: customerListUrl({ incident: category }),
      items,
    };
  });
}
