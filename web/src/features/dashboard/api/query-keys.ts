export const dashboardKeys = {
  all: ['dashboard'] as const,
  statistics: () => [...dashboardKeys.all, 'company-statistics'] as const,
  licenseInfo: () => [...dashboardKeys.all, 'license-info'] as const,
  licenseQuantity: () => [...dashboardKeys.all, 'license-quantity'] as const,
};
