import {
  AdminGetUserAuthFactorsCommand,
  AdminGetUserCommand,
  type CognitoIdentityProviderClient,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import type { MfaState } from '@portal/contracts/reseller';

/** A member's second factors as the portal names them. */
export type FactorMethod = MfaState['methods'][number];

const MFA_NAMES: Record<string, FactorMethod> = { SOFTWARE_TOKEN_MFA: 'TOTP', EMAIL_OTP: 'EMAIL_OTP' };

/** How long a member known to have a factor is not asked again: a reset in another process waits this long. */
const KNOWN_FOR_MS = 30_000;

/**
 * A member's second factors, read through the pool's admin API so it works the same against Amazon Cognito
 * (item 8): AdminGetUser for the MFA methods (UserMFASettingList), AdminGetUserAuthFactors for a passkey
 * (WEB_AUTHN among ConfiguredUserAuthFactors). Only "has a factor" is remembered, briefly: a member who
 * has just set one up must pass at once, one who has none is asked on each request (they can call
 * almost nothing anyway). A reset through this process forgets the member at once (decision 0027).
 */
export class MemberFactors {
  private readonly known = new Map<string, number>();

  constructor(
    private readonly identity: CognitoIdentityProviderClient,
    private readonly userPoolId: string,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether the member has a second factor, for the company policy: cached when true. */
  async hasFactor(member: { userId: string; email: string }): Promise<boolean> {
    const until = this.known.get(member.userId);
    if (until !== undefined && until > this.now()) return true;
    const { enabled } = await this.read(member.email);
    if (enabled) this.known.set(member.userId, this.now() + KNOWN_FOR_MS);
    else this.known.delete(member.userId);
    return enabled;
  }

  /** The member's factors, read now. A user the pool does not know has none. */
  async read(email: string): Promise<{ enabled: boolean; methods: FactorMethod[] }> {
    const Username = email;
    try {
      const [user, factors] = await Promise.all([
        this.identity.send(new AdminGetUserCommand({ UserPoolId: this.userPoolId, Username })),
        this.identity.send(new AdminGetUserAuthFactorsCommand({ UserPoolId: this.userPoolId, Username })),
      ]);
      const methods: FactorMethod[] = (user.UserMFASettingList ?? [])
        .map((name) => MFA_NAMES[name])
        .filter((method): method is FactorMethod => method !== undefined);
      if (factors.ConfiguredUserAuthFactors?.includes('WEB_AUTHN')) methods.push('PASSKEY');
      return { enabled: methods.length > 0, methods };
    } catch (error) {
      if (error instanceof UserNotFoundException) return { enabled: false, methods: [] };
      throw error;
    }
  }

  forget(userId: string): void {
    this.known.delete(userId);
  }
}
