import type { AppContext } from '../../context';
import { tooMany } from '../../http/errors';
import { sharedLimits } from '../../platform/limits/shared-limits';

const MIN = 60_000;

/** A tier: at `max` failures within `windowMs` the key waits out the window. Later tiers wait longer. */
type Tier = { max: number; windowMs: number };

/**
 * Wrong passwords are counted per (account, address), per address and per account, in counters
 * shared by every process (docs/decisions/011-login-throttles.md). Nothing locks the account for
 * everyone: a stranger only slows down their own address; only many addresses failing one account
 * ask for an SMS code, which the owner has and which lifts the hold.
 */
export const LOGIN_TIERS = {
  pair: [
    { max: 5, windowMs: 15 * MIN },
    { max: 10, windowMs: 6 * 60 * MIN },
  ],
  address: [
    { max: 20, windowMs: 15 * MIN },
    { max: 100, windowMs: 24 * 60 * MIN },
  ],
  account: [{ max: 30, windowMs: 60 * MIN }],
} satisfies Record<string, Tier[]>;

const minutes = (ms: number) => Math.max(1, Math.ceil(ms / MIN));

type Refusals = Record<keyof typeof LOGIN_TIERS, (ms: number) => string>;

/** Which counters a login form uses and what it says when one is full. */
export interface ThrottleVariant {
  /** Prefix of the shared counters, so two forms never share a key. */
  prefix: string;
  refusal: Refusals;
  /** Count per account across addresses (needs a way for the owner to lift the hold). */
  accountWide: boolean;
}

/** The mall's buyer login: the SMS code lifts the account-wide hold. */
export const MALL_LOGIN: ThrottleVariant = {
  prefix: 'login',
  refusal: {
    pair: (ms) => `密码错误次数过多，请${minutes(ms)}分钟后再试，或使用验证码登录`,
    address: (ms) => `当前网络登录失败次数过多，请${minutes(ms)}分钟后再试`,
    account: () => '该账号密码错误次数过多，为保护账号安全，请使用验证码登录',
  },
  accountWide: true,
};

/**
 * The embedded identity provider's form, keyed by its username. It has no SMS login, so there is no
 * account-wide hold: strangers only slow down their own addresses and never lock the owner out.
 */
export const SSO_LOGIN: ThrottleVariant = {
  prefix: 'sso-login',
  refusal: {
    pair: (ms) => `密码错误次数过多，请${minutes(ms)}分钟后再试`,
    address: (ms) => `当前网络登录失败次数过多，请${minutes(ms)}分钟后再试`,
    account: (ms) => `该账号密码错误次数过多，请${minutes(ms)}分钟后再试`,
  },
  accountWide: false,
};

export function loginThrottle(ctx: AppContext, variant: ThrottleVariant = MALL_LOGIN) {
  const limits = sharedLimits(ctx);
  const keysOf = (kind: keyof typeof LOGIN_TIERS, id: string) =>
    LOGIN_TIERS[kind].map((tier, i) => ({ key: `${variant.prefix}:${kind}:${id}:${i}`, tier }));
  const scopes = (userId: string | null, ip: string) => ({
    pair: userId ? keysOf('pair', `${userId}@${ip}`) : [],
    address: keysOf('address', ip),
    account: userId && variant.accountWide ? keysOf('account', userId) : [],
  });
  const { refusal } = variant;

  return {
    /** Before a password is checked: refuses while any counter of this attempt is at its tier. */
    async check(userId: string | null, ip: string) {
      for (const [kind, keys] of Object.entries(scopes(userId, ip)) as Array<
        [keyof typeof refusal, ReturnType<typeof keysOf>]
      >) {
        for (const { key, tier } of keys) {
          const w = await limits.get(key);
          if (w && w.count >= tier.max) throw tooMany(refusal[kind](w.resetMs), w.resetMs / 1000);
        }
      }
    },
    async failed(userId: string | null, ip: string) {
      const all = Object.values(scopes(userId, ip)).flat();
      await Promise.all(all.map(({ key, tier }) => limits.hit(key, tier.windowMs)));
    },
    /** The right password from this address forgets this address's failures on the account. */
    async succeeded(userId: string, ip: string) {
      await Promise.all(scopes(userId, ip).pair.map(({ key }) => limits.clear(key)));
    },
    /** An SMS login proves the phone: the account-wide hold goes. */
    async provedByPhone(userId: string, ip: string) {
      const s = scopes(userId, ip);
      await Promise.all([...s.account, ...s.pair].map(({ key }) => limits.clear(key)));
    },
  };
}
