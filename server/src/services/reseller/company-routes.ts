import {
  companyInfoSchema,
  companySecuritySchema,
  updateCompanyInfoSchema,
} from '@portal/contracts/reseller';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { readCompanyInfo, renameCompany } from '../../domain/companies/company-info.ts';
import { readCompanySecurity, updateCompanySecurity } from '../../domain/companies/company-security.ts';
import { assertOwner } from '../../domain/members/members.ts';
import { onOwnCompany, security, tags } from './params.ts';

/** The caller's own company (SPEC §7 reseller): read by any member, renamed by the owner. */
export async function companyRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/v1/companies/info',
    { config: { caller: 'session' }, schema: { tags, security, response: { 200: companyInfoSchema } } },
    async (request) => readCompanyInfo(app.db, request.caller),
  );

  app.patch(
    '/v1/companies/info',
    {
      config: { caller: 'session' },
      schema: { tags, security, body: updateCompanyInfoSchema, response: { 200: companyInfoSchema } },
    },
    async (request) => {
      assertOwner(request.caller);
      // companyNameSchema trims before it checks: the name stored is the one checked.
      await renameCompany(app.db, request.caller, request.body.name);
      return readCompanyInfo(app.db, request.caller);
    },
  );

  app.get(
    '/v1/companies/:companyId/security',
    onOwnCompany('owner', { response: { 200: companySecuritySchema } }),
    async (request) => readCompanySecurity(app.db, request.caller.companyId),
  );

  app.put(
    '/v1/companies/:companyId/security',
    onOwnCompany('owner', { body: companySecuritySchema, response: { 200: companySecuritySchema } }),
    async (request) => {
      const { caller } = request;
      return updateCompanySecurity(app.db, caller, request.body, () => app.memberFactors.hasFactor(caller));
    },
  );
}
