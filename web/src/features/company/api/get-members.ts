/** GET /v1/companies/{companyId}/users lives in shared/api: the notification rules pick recipients from it. */
export { getMembers, membersQueryOptions, useMembers } from '@/shared/api/members.ts';
