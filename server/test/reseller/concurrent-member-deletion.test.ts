import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltCompany, buildCompany, buildMember } from '../helpers/factories.ts';
import { bearer, signIn } from '../helpers/sign-in.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Found by bench/two-processes.ts: the same member deleted through two server processes at once was
 * answered 204 twice and audited twice, because the second request found the member before the first
 * committed and then deleted nothing. One deletion, one 204, one audit entry; the other request is a 404.
 */
let t: TestApp;
let company: BuiltCompany;
let ownerToken: string;

beforeAll(async () => {
  t = await buildTestApp();
  company = await buildCompany(t.app.db, { name: 'Race Dealer' });
  ownerToken = (await signIn(t.app, company.owner.email, company.owner.password)).accessToken;
});
afterAll(() => t.close());

describe('deleting one member twice at once', () => {
  it('deletes once: one 204, one 404, one audit entry', async () => {
    for (let round = 0; round < 3; round++) {
      const member = await buildMember(t.app.db, company);
      const answers = await Promise.all(
        [0, 1].map(() =>
          t.app.inject({
            method: 'DELETE',
            url: `/api/reseller/v1/companies/${company.id}/users/${member.id}`,
            headers: bearer(ownerToken),
          }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([204, 404]);
      expect(answers.find((answer) => answer.statusCode === 404)?.json()).toMatchObject({
        detail: 'Member not found',
      });
      const audits = await t.app.db
        .selectFrom('audit_log')
        .select('id')
        .where('action', '=', 'member.delete')
        .where('target_id', '=', member.id)
        .execute();
      expect(audits).toHaveLength(1);
      const rows = await t.app.db.selectFrom('users').select('id').where('id', '=', member.id).execute();
      expect(rows).toHaveLength(0);
    }
  });
});
