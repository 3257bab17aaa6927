import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect } from '@playwright/test';
import { sessionTokenFor } from './api.ts';
import { setPassword } from './identity-admin.ts';
import { readTemporaryPassword } from './mailbox.ts';
import type { TestCompany } from './test-kit.ts';

export interface CreatedMember {
  userId: string;
  email: string;
  name: string;
  companyId: string;
  /** From the welcome mail in the development mailbox. */
  temporaryPassword: string;
}

export interface ActiveMember extends CreatedMember {
  /** The member's own password (the temporary one is no longer valid). */
  password: string;
}

export interface MemberOptions {
  /** The start of the e-mail address, to tell the journey's members apart in logs. */
  prefix?: string;
}

export interface ActiveMemberOptions extends MemberOptions {
  password?: string;
  /** true: the welcome video is still to be shown (default: already closed, so no dialog covers the page). */
  welcomeVideo?: boolean;
}

/** A new address in the company's own domain, unique per worker and call. */
function uniqueEmail(company: TestCompany, prefix: string, workerIndex: number): string {
  return `${prefix}-w${workerIndex}-${randomUUID().slice(0, 8)}@${company.owner.email.split('@')[1]}`;
}

/**
 * Members of one test's company, made as its owner makes them (the reseller API's POST users, which
 * mails a temporary password).
 */
export class CompanyMembers {
  constructor(
    private readonly request: APIRequestContext,
    private readonly baseURL: string,
    private readonly company: TestCompany,
    private readonly workerIndex: number,
  ) {}

  /** A new member on the temporary password of the welcome mail. */
  async create(options: MemberOptions = {}): Promise<CreatedMember> {
    const token = await this.ownerToken();
    const email = uniqueEmail(this.company, options.prefix ?? 'e2e', this.workerIndex);
    const name = `E2E_${randomUUID().slice(0, 8)}`;
    const before = new Date();
    const response = await this.request.post(`/api/reseller/v1/companies/${this.company.companyId}/users`, {
      headers: { authorization: `Bearer ${token}` },
      data: { email, name },
    });
    expect(response.status(), await response.text()).toBe(201);
    const { userId } = (await response.json()) as { userId: string };
    const temporaryPassword = await readTemporaryPassword(this.request, email, before);
    return { userId, email, name, companyId: this.company.companyId, temporaryPassword };
  }

  /**
   * A new member with a password of their own, set with the identity admin API (AdminSetUserPassword,
   * permanent), and, unless `welcomeVideo`, the welcome video already closed.
   */
  async createActive(options: ActiveMemberOptions = {}): Promise<ActiveMember> {
    const member = await this.create(options);
    const password = options.password ?? `Own-${randomUUID().slice(0, 6)}-Pass1`;
    await setPassword(this.request, this.baseURL, member.email, password, true);
    if (!options.welcomeVideo) {
      const token = await sessionTokenFor(this.request, member.email, password);
      const response = await this.request.patch(`/api/reseller/v1/users/${member.userId}`, {
        headers: { authorization: `Bearer ${token}` },
        data: { welcomeVideoSeen: true },
      });
      expect(response.ok(), await response.text()).toBe(true);
    }
    return { ...member, password };
  }

  private ownerToken(): Promise<string> {
    return sessionTokenFor(this.request, this.company.owner.email, this.company.owner.password);
  }
}
