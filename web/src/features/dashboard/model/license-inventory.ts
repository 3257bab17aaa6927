import type { LicenseType } from '@portal/contracts/licenses';
import type { LicenseInfo } from '../api/get-license-info.ts';
import type { LicenseQuantity } from '../api/get-license-quantity.ts';

export interface InventoryRow {
  id: string;
  name: string;
  type: LicenseType;
  /** Days. */
  duration: number;
  /** In stock; 0 when the company holds none of it. */
  quantity: number;
}

const TYPE_ORDER: LicenseType[] = ['STD', 'CLOUD_BACKUP', 'IP_SPEAKER'];

/** The catalogue with the company's stock of each license, by type, then duration. */
export function licenseInventory(
  catalogue: readonly LicenseInfo[],
  stock: readonly LicenseQuantity[],
): InventoryRow[] {
  const quantities = new Map(stock.map((item) => [item.id, item.quantity]));
  return catalogue
    .map((info) => ({ ...info, quantity: quantities.get(info.id) ?? 0 }))
    .sort(
      (a, b) =>
        TYPE_ORDER.indexOf(a.type) - TYPE_ORDER.indexOf(b.type) ||
        a.duration - b.duration ||
        a.name.localeCompare(b.name),
    );
}
