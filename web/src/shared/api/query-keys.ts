/**
 * The query keys of the endpoints more than one feature reads: one key per endpoint, so a change that
 * invalidates it refreshes every view of that data. Features build their own keys under these roots.
 */
/** GET /v1/companies/info: My Company and the Notifications pages (who owns the company now). */
export const companyInfoKey = () => ['company', 'info'] as const;

export const organizationKeys = {
  /** Every customer query lives under this prefix, so the login lifecycle can reset them together. */
  all: ['organizations'] as const,
  /** GET /companies/organizations: the dashboard's maturity list and My customer. */
  list: () => [...organizationKeys.all, 'list'] as const,
  /** GET /companies/statistics/customers: the customers behind one dashboard number (its query string). */
  matches: (query: string) => [...organizationKeys.all, 'matches', query] as const,
};

/** The filters of one incident list (`GET /companies/incidents`); `age` becomes `since` when it is fetched. */
export interface IncidentFilters {
  state: 'open' | 'resolved' | 'all';
  category?: string | undefined;
  type?: string | undefined;
  organizationId?: string | undefined;
  deviceId?: string | undefined;
  age?: string | undefined;
}

/**
 * GET /companies/incidents and GET /companies/incidents/{id}: the incidents page, a customer's device list
 * and a device's history read them, so one invalidation (a live change, an acknowledge) refreshes them all.
 */
export const incidentKeys = {
  all: ['incidents'] as const,
  /** Page after page (the incidents page, a device's history). */
  pages: (filters: IncidentFilters) => [...incidentKeys.all, 'pages', filters] as const,
  /** Every page at once, the cursor followed to its end (a customer's open incidents). */
  every: (filters: IncidentFilters) => [...incidentKeys.all, 'every', filters] as const,
  detail: (id: string) => [...incidentKeys.all, 'detail', id] as const,
};

/**
 * The notification settings and webhooks (`/api/notifications`): My Company's Notifications tab and a
 * webhook's page read them. One key per endpoint, under one root the login lifecycle drops.
 */
export const notificationKeys = {
  all: ['notifications'] as const,
  /** GET /v1/settings: the company's time zone and rules. */
  settings: () => [...notificationKeys.all, 'settings'] as const,
  /** GET /v1/subscription: the caller's own. */
  subscription: () => [...notificationKeys.all, 'subscription'] as const,
  /** GET /v1/webhooks */
  webhooks: () => [...notificationKeys.all, 'webhooks'] as const,
  /** GET /v1/webhooks/{id} */
  webhook: (id: string) => [...notificationKeys.all, 'webhook', id] as const,
  /** GET /v1/webhooks/{id}/deliveries, page after page. */
  deliveries: (id: string) => [...notificationKeys.all, 'webhook', id, 'deliveries'] as const,
};

/** GET /v1/companies/{companyId}/users: My Company's member list and the notification rules' recipients. */
export const memberKeys = {
  list: (companyId: string) => ['company', companyId, 'members'] as const,
};
