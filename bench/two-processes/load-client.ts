import type { Account } from './accounts.ts';
import { signInWithPassword, signInWithSrp, type Target, type Tokens } from './client.ts';
import type { Context } from './context.ts';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One client: its own turn-taking over the two processes and its own client addresses. */
export class Client {
  private turn: number;
  private addressCount = 0;
  private readonly turns = new Map<string, number>();
  constructor(
    readonly ctx: Context,
    readonly index: number,
  ) {
    this.turn = index % 2;
  }
  /** The next process in turn. */
  next(): Target {
    return this.ctx.targets[this.turn++ % 2] as Target;
  }
  /** The next process in turn for one kind of request, so that every kind goes to both processes alternately. */
  nextFor(kind: string): Target {
    const count = this.turns.get(kind) ?? this.index;
    this.turns.set(kind, count + 1);
    return this.ctx.targets[count % 2] as Target;
  }
  other(target: Target): Target {
    return this.ctx.targets[0] === target ? this.ctx.targets[1] : this.ctx.targets[0];
  }
  running(): boolean {
    return Date.now() < this.ctx.until;
  }
  /**
   * Sign-ins come from many addresses behind the proxy (X-Forwarded-For, believed from loopback with TRUST_PROXY=loopback): the
   * per-address limit (120 a minute, counted in the database) is checked separately, not tripped here.
   */
  address(): string {
    const n = this.addressCount++;
    return `10.${100 + this.index}.${(n >> 8) & 255}.${n & 255}`;
  }
  /** Password and SRP sign-ins in turn; SRP starts at one process and finishes at the other. */
  async signIn(account: Account, srp: boolean): Promise<Tokens | undefined> {
    const { recorder, settings, model } = this.ctx;
    const first = this.nextFor(srp ? 'srp' : 'password');
    const tokens = srp
      ? await signInWithSrp(
          recorder,
          first,
          this.other(first),
          settings,
          account.email,
          account.password,
          this.address(),
        )
      : await signInWithPassword(recorder, first, settings, account.email, account.password, this.address());
    if (tokens) model.signIns[srp ? 'srp' : 'password'] += 1;
    return tokens;
  }
}
