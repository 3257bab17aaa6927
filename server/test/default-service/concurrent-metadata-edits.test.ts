import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltCompany, buildCompany, buildOrganization } from '../helpers/factories.ts';
import { bearer, signIn } from '../helpers/sign-in.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Found by bench/two-processes.ts: edits of one customer's metadata at the same moment (through two
 * server processes on PostgreSQL) each compared against the value read before the other committed. The
 * audit trail then started from stale values, and an edit back to that stale value was skipped as "no
 * change" while answering 200, so the acknowledged value was lost. Edits of one customer now take turns.
 */
let t: TestApp;
let company: BuiltCompany;
let token: string;

beforeAll(async () => {
  t = await buildTestApp();
  company = await buildCompany(t.app.db, { name: 'Metadata Dealer' });
  token = (await signIn(t.app, company.owner.email, company.owner.password)).accessToken;
});
afterAll(() => t.close());

const edit = (orgId: string, reference: string) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/default/v1/organizations/${orgId}/metadata`,
    headers: bearer(token),
    payload: { reference },
  });

describe('concurrent metadata edits of one customer', () => {
  it('keep one audit chain, and the last committed edit is the value', async () => {
    const customer = await buildOrganization(t.app.db, company, { reference: 'R-0' });
    // Alternating values, so that some edits set the field back to what an earlier read saw.
    const values = Array.from({ length: 12 }, (_, i) => (i % 2 ? 'R-0' : `R-${i + 1}`));
    const answers = await Promise.all(values.map((value) => edit(customer.id, value)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(values.map(() => 200));
    answers.forEach((answer, i) => {
      expect(answer.json().reference).toBe(values[i]);
    });

    const trail = await t.app.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'organization.metadata.update')
      .where('target_id', '=', customer.id)
      .orderBy('id')
      .execute();
    const steps = trail.map(
      (entry) =>
        (entry.details as { changed: { reference: { from: string; to: string } } }).changed.reference,
    );
    let current = 'R-0';
    for (const step of steps) {
      expect(step.from).toBe(current);
      expect(step.to).not.toBe(step.from);
      current = step.to;
    }
    const row = await t.app.db
      .selectFrom('organizations')
      .select('reference')
      .where('id', '=', customer.id)
      .executeTakeFirstOrThrow();
    expect(row.reference).toBe(current);
  });
});
