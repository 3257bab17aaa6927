/**
 * Page components loaded on demand, so each feature ships in its own chunk.
 * Kept at module level: React Router calls each loader once and caches the component.
 */
export const lazyPages = {
  login: async () => (await import('@/features/auth/LoginPage.tsx')).LoginPage,
  twoStepSignIn: async () => (await import('@/features/auth/TwoStepSignInPage.tsx')).TwoStepSignInPage,
  setNewPassword: async () => (await import('@/features/auth/SetNewPasswordPage.tsx')).SetNewPasswordPage,
  resetPassword: async () => (await import('@/features/auth/ResetPasswordPage.tsx')).ResetPasswordPage,
  twoStepSetup: async () => (await import('@/features/auth/TwoStepSetupPage.tsx')).TwoStepSetupPage,
  dashboard: async () => (await import('@/features/dashboard/DashboardPage.tsx')).DashboardPage,
  organizationList: async () =>
    (await import('@/features/organizations/OrganizationListPage.tsx')).OrganizationListPage,
  organizationDetail: async () =>
    (await import('@/features/organizations/detail/OrganizationDetailPage.tsx')).OrganizationDetailPage,
  organizationOverview: async () =>
    (await import('@/features/organizations/detail/OrganizationOverviewTab.tsx')).OrganizationOverviewTab,
  organizationDevice: async () =>
    (await import('@/features/organizations/detail/OrganizationDeviceTab.tsx')).OrganizationDeviceTab,
  organizationLicense: async () =>
    (await import('@/features/organizations/detail/OrganizationLicenseTab.tsx')).OrganizationLicenseTab,
  incidents: async () => (await import('@/features/incidents/IncidentsPage.tsx')).IncidentsPage,
  companySection: async () => (await import('../layouts/CompanySection.tsx')).CompanySection,
  partners: async () => (await import('@/features/partners/PartnersPage.tsx')).PartnersPage,
  partnerScorecard: async () =>
    (await import('@/features/partners/scorecard/PartnerScorecardPage.tsx')).PartnerScorecardPage,
  partnerView: async () => (await import('@/features/partners/view/PartnerViewLayout.tsx')).PartnerViewLayout,
  company: async () => (await import('@/features/company/CompanyPage.tsx')).CompanyPage,
  activity: async () => (await import('@/features/company/activity/ActivityPage.tsx')).ActivityPage,
  notifications: async () =>
    (await import('@/features/notifications/NotificationsPage.tsx')).NotificationsPage,
  webhookDetail: async () =>
    (await import('@/features/notifications/WebhookDetailPage.tsx')).WebhookDetailPage,
};
