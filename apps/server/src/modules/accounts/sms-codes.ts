import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../context';
import { beijingDayStart } from '../../lib/time';
import { badRequest, tooMany } from '../../http/errors';
import type { SmsPurpose, SmsSender } from '../../platform/sms/sms-sender';
import { PROBE, smsCodesRepo } from './sms-codes.repo';

export const CODE_TTL_MS = 5 * 60_000;
export const CODE_MAX_ATTEMPTS = 5;
export const RESEND_SECONDS = 60;
export const DAILY_PER_TEL = 10;
export const DAILY_PER_IP = 30;
const DAY_MS = 86_400_000;

export const CODE_EXPIRED = '验证码已失效，请重新获取';
const IP_CAP_MESSAGE = '当前网络今日获取验证码次数过多，请明天再试';
export const CODE_TOO_MANY_WRONG = '验证码错误次数过多，请重新获取';

/**
 * Verification codes: six random digits, stored only as a peppered hash, five minutes, five tries,
 * one send per number per minute, daily caps per number and per client address.
 */
export function smsCodes(ctx: AppContext, sender: SmsSender, pepper: string) {
  const { db } = ctx.dbh;
  const repo = smsCodesRepo(db);
  const hash = (tel: string, purpose: SmsPurpose, code: string) =>
    createHash('sha256').update(`${pepper}:${tel}:${purpose}:${code}`).digest('hex');

  return {
    /**
     * Issues a code. With `deliver: false` (a login code for an unknown number) everything
     * happens as usual, limits included, except that nothing is sent: answers stay identical.
     */
    async issue(tel: string, purpose: SmsPurpose, clientIp: string, deliver = true): Promise<void> {
      const now = ctx.now();
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      await db.transaction().execute(async (trx) => {
        const tx = smsCodesRepo(trx);
        // One sender per number at a time, across processes.
        await tx.lockTel(tel);
        const last = await tx.lastSentAt(tel);
        if (last) {
          const wait = Math.ceil((new Date(last).getTime() + RESEND_SECONDS * 1000 - now.getTime()) / 1000);
          if (wait > 0) throw tooMany(`发送过于频繁，请${wait}秒后再试`, wait);
        }
        const dayStart = beijingDayStart(now);
        const tomorrow = (dayStart.getTime() + DAY_MS - now.getTime()) / 1000;
        if ((await tx.countSince('tel', tel, dayStart)) >= DAILY_PER_TEL)
          throw tooMany('该手机号今日获取验证码次数已达上限，请明天再试', tomorrow);
        if ((await tx.countSince('client_ip', clientIp, dayStart)) >= DAILY_PER_IP)
          throw tooMany(IP_CAP_MESSAGE, tomorrow);
        await tx.insert({
          tel,
          purpose,
          code_hash: hash(tel, purpose, code),
          created_at: now,
          expires_at: new Date(now.getTime() + CODE_TTL_MS),
          client_ip: clientIp,
        });
      });
      if (deliver) await sender.send({ tel, purpose, code }, now);
    },

    /**
     * Telling a registering user that the number is taken is needed, but each such answer counts
     * against the client address's daily cap, so numbers cannot be enumerated faster than codes.
     */
    async recordRegisteredProbe(tel: string, clientIp: string): Promise<void> {
      const now = ctx.now();
      const dayStart = beijingDayStart(now);
      if ((await repo.countSince('client_ip', clientIp, dayStart)) >= DAILY_PER_IP) {
        throw tooMany(IP_CAP_MESSAGE, (dayStart.getTime() + DAY_MS - now.getTime()) / 1000);
      }
      await repo.insert({
        tel,
        purpose: PROBE,
        code_hash: '',
        created_at: now,
        expires_at: now,
        consumed_at: now,
        client_ip: clientIp,
      });
    },

    /**
     * Checks the latest code for this number and purpose. A wrong code costs one of five tries;
     * `consume` uses a right one up so it works once.
     */
    async verify(tel: string, purpose: SmsPurpose, code: string, consume: boolean): Promise<void> {
      const now = ctx.now();
      const latest = await repo.latest(tel, purpose);
      if (!latest || latest.consumed_at || new Date(latest.expires_at) <= now) throw badRequest(CODE_EXPIRED);
      if (latest.attempts >= CODE_MAX_ATTEMPTS) throw badRequest(CODE_TOO_MANY_WRONG);
      const given = Buffer.from(hash(tel, purpose, code), 'hex');
      const stored = Buffer.from(latest.code_hash, 'hex');
      if (given.length !== stored.length || !timingSafeEqual(given, stored)) {
        const left = CODE_MAX_ATTEMPTS - (await repo.addAttempt(latest.id));
        throw badRequest(left > 0 ? `验证码错误，还可尝试${left}次` : CODE_TOO_MANY_WRONG);
      }
      if (!consume) return;
      if (!(await repo.consume(latest.id, now, CODE_MAX_ATTEMPTS))) throw badRequest(CODE_EXPIRED);
    },
  };
}

export type SmsCodes = ReturnType<typeof smsCodes>;
