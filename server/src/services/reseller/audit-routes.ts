import { type AuditEntry, auditPageSchema, auditQuerySchema } from '@portal/contracts/audit';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditCsv } from '../../domain/audit/audit-csv.ts';
import { exportAudit, listAudit } from '../../domain/audit/audit-query.ts';
import { onOwnCompany } from './params.ts';

/**
 * The company's audit log (issue 27 item 2): the owner reads the company's, a member only their own
 * entries; `format=csv` answers the whole filtered range as a file.
 */
export async function auditRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/v1/companies/:companyId/audit',
    onOwnCompany('members', {
      description:
        'The audit log, newest first. `actor`: a user or API key id; `action`: an action or its start ' +
        '(`remote-access`); `target`: a type or `type:id`; `since`/`until`: ISO date-times (inclusive). ' +
        '`format=csv` exports the filtered range (formula-escaped). The owner sees the company’s log, a ' +
        'member only their own entries.',
      querystring: auditQuerySchema,
      response: {
        200: {
          description: 'A page of entries, or with `format=csv` the filtered range as CSV',
          content: {
            'application/json': { schema: auditPageSchema },
            'text/csv': { schema: z.string() },
          },
        },
      },
    }),
    async (request, reply) => {
      const { format, limit, ...filters } = request.query;
      if (format === 'json') return listAudit(app.db, request.caller, { ...filters, limit });
      const entries: AuditEntry[] = [];
      for await (const batch of exportAudit(app.db, request.caller, filters)) entries.push(...batch);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-log-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(auditCsv(entries));
    },
  );
}
