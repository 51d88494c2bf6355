import { accounts } from '@chepai/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { badRequest, conflict, unauthorized } from '../../http/errors';
import type { SmsSender } from '../../platform/sms/sms-sender';
import { accountsRepo, isUniqueViolation, type UserRow } from './accounts.repo';
import { loginThrottle } from './login-throttle';
import { hashPassword, verifyPassword } from './passwords';
import type { PasswordTransport } from './rsa';
import type { Sessions } from './sessions';
import { CODE_EXPIRED, RESEND_SECONDS, smsCodes } from './sms-codes';
import type { IdCardVault } from './id-card-vault';
import { toInvoice, toUserInfo } from './user-info';

export const WRONG_LOGIN = '手机号或密码错误';
const sent = { resendSeconds: RESEND_SECONDS };

/** Reads a password off the wire and checks it against pattern A. */
function plainPassword(transport: PasswordTransport, cipher: string): string {
  const plain = transport.decrypt(cipher);
  const checked = accounts.passwordSchema.safeParse(plain);
  if (!checked.success) throw badRequest(checked.error.issues[0]?.message ?? '密码格式不正确');
  return plain;
}

export function accountsService(
  ctx: AppContext,
  deps: {
    transport: PasswordTransport;
    sessions: Sessions;
    sender: SmsSender;
    pepper: string;
    idCards: IdCardVault;
  },
) {
  const repo = accountsRepo(ctx.dbh.db);
  const codes = smsCodes(ctx, deps.sender, deps.pepper);
  const { transport, sessions, idCards } = deps;
  const throttle = loginThrottle(ctx);

  const loggedIn = async (user: UserRow, ip: string, userAgent?: string): Promise<accounts.LoginResult> => {
    // Sessions are never deleted (only revoked or expired), so none before this one = a first login.
    const firstLogin = !(await sessions.everCreated(user.id));
    const userInfo = toUserInfo(user, idCards);
    return {
      userInfo,
      role: userInfo.role,
      token: await sessions.create(user.id, ip, userAgent),
      firstLogin,
    };
  };
  /** A wrong password counts towards the throttles of this account and address. */
  const failPassword = async (userId: string | null, ip: string, message: string): Promise<never> => {
    await throttle.failed(userId, ip);
    throw badRequest(message);
  };
  const userOf = async (id: string) => {
    const user = await repo.byId(id);
    if (!user) throw unauthorized();
    return user;
  };

  return {
    publicKey: () => transport.publicKeyPem,

    async registerCaptcha(tel: string, ip: string) {
      if (await repo.byTel(tel)) {
        await codes.recordRegisteredProbe(tel, ip);
        throw conflict('该手机号已注册，请直接登录');
      }
      await codes.issue(tel, 'register', ip);
      return sent;
    },
    /** Same answer whether or not the number is registered; only registered numbers get a message. */
    async loginCaptcha(tel: string, ip: string, purpose: 'login' | 'findPwd') {
      const user = await repo.byTel(tel);
      await codes.issue(tel, purpose, ip, Boolean(user && user.role === 'buyer'));
      return sent;
    },
    async updateTelCaptcha(
      userId: string,
      input: { target: 'old' } | { target: 'new'; tel: string },
      ip: string,
    ) {
      const user = await userOf(userId);
      if (input.target === 'old') {
        if (!user.tel) throw badRequest('当前账号未绑定手机号');
        await codes.issue(user.tel, 'updateTelOld', ip);
        return sent;
      }
      if (input.tel === user.tel) throw badRequest('新手机号不能与原手机号相同');
      if (await repo.byTel(input.tel)) throw conflict('该手机号已被其他账号使用');
      await codes.issue(input.tel, 'updateTelNew', ip);
      return sent;
    },
    async checkCode(tel: string, purpose: accounts.SmsPurpose, code: string) {
      await codes.verify(tel, purpose, code, false);
      return { valid: true as const };
    },
    async checkOldTelCode(userId: string, code: string) {
      const user = await userOf(userId);
      await codes.verify(user.tel ?? '', 'updateTelOld', code, false);
      return { valid: true as const };
    },

    async register(input: z.output<(typeof accounts.register)['input']>, ip: string) {
      const password = plainPassword(transport, input.password);
      if (await repo.byTel(input.tel)) throw conflict('该手机号已注册，请直接登录');
      if (await repo.idCardTaken(idCards.index(input.idCardNo)))
        throw conflict('该身份证号已注册，如有疑问请联系客服');
      await codes.verify(input.tel, 'register', input.code, true);
      const passwordHash = await hashPassword(password);
      try {
        await repo.insertBuyer({
          tel: input.tel,
          password_hash: passwordHash,
          real_name: input.realName,
          ...idCards.columns(input.idCardNo),
          bidder_type: input.bidderType,
          company_name: input.bidderType === 'company' ? input.companyName : null,
          credit_code: input.bidderType === 'company' ? input.creditCode : null,
          agreed_at: ctx.now(),
          created_at: ctx.now(),
        });
      } catch (e) {
        if (isUniqueViolation(e)) throw conflict('该手机号或身份证号已注册');
        throw e;
      }
      ctx.log.info({ event: 'buyer registered', ip }, 'account');
      return { tel: input.tel };
    },

    async loginWithPassword(tel: string, cipher: string, ip: string, userAgent?: string) {
      const plain = transport.decrypt(cipher);
      const found = await repo.byTel(tel);
      const user = found?.role === 'buyer' ? found : null;
      await throttle.check(user?.id ?? null, ip);
      if (!user) {
        await verifyPassword(null, plain);
        return failPassword(null, ip, WRONG_LOGIN);
      }
      if (!(await verifyPassword(user.password_hash, plain))) return failPassword(user.id, ip, WRONG_LOGIN);
      await throttle.succeeded(user.id, ip);
      return loggedIn(user, ip, userAgent);
    },
    async loginWithCode(tel: string, code: string, ip: string, userAgent?: string) {
      await codes.verify(tel, 'login', code, true);
      const user = await repo.byTel(tel);
      if (!user || user.role !== 'buyer') throw badRequest(CODE_EXPIRED);
      // Holding the phone proves more than a password: it also lifts the account's password hold.
      await throttle.provedByPhone(user.id, ip);
      return loggedIn(user, ip, userAgent);
    },

    async findPwd(tel: string, code: string, cipher: string) {
      const password = plainPassword(transport, cipher);
      await codes.verify(tel, 'findPwd', code, true);
      const user = await repo.byTel(tel);
      if (!user || user.role !== 'buyer') throw badRequest(CODE_EXPIRED);
      await repo.setPassword(user.id, await hashPassword(password), ctx.now());
      await sessions.revokeAll(user.id);
      return null;
    },
    async updatePwd(userId: string, oldCipher: string, newCipher: string, ip: string) {
      const user = await userOf(userId);
      const oldPlain = transport.decrypt(oldCipher);
      const password = plainPassword(transport, newCipher);
      if (oldPlain === password) throw badRequest('新密码不能与原密码相同');
      await throttle.check(user.id, ip);
      if (!(await verifyPassword(user.password_hash, oldPlain)))
        return failPassword(user.id, ip, '原密码不正确');
      await repo.setPassword(user.id, await hashPassword(password), ctx.now());
      await sessions.revokeAll(user.id);
      return null;
    },
    async updateTel(userId: string, input: { oldCode: string; tel: string; code: string }) {
      const user = await userOf(userId);
      if (input.tel === user.tel) throw badRequest('新手机号不能与原手机号相同');
      if (await repo.byTel(input.tel)) throw conflict('该手机号已被其他账号使用');
      await codes.verify(user.tel ?? '', 'updateTelOld', input.oldCode, false);
      await codes.verify(input.tel, 'updateTelNew', input.code, false);
      await codes.verify(user.tel ?? '', 'updateTelOld', input.oldCode, true);
      await codes.verify(input.tel, 'updateTelNew', input.code, true);
      try {
        await repo.setTel(user.id, input.tel, ctx.now());
      } catch (e) {
        if (isUniqueViolation(e)) throw conflict('该手机号已被其他账号使用');
        throw e;
      }
      return { tel: toUserInfo({ ...user, tel: input.tel }, idCards).tel };
    },

    info: async (userId: string) => toUserInfo(await userOf(userId), idCards),
    async invoice(userId: string) {
      const row = await repo.invoice(userId);
      return row ? toInvoice(row) : null;
    },
    async saveInvoice(userId: string, v: accounts.InvoiceValues) {
      const personal = v.titleType === 'personal';
      const row = await repo.saveInvoice({
        user_id: userId,
        invoice_type: v.invoiceType,
        title_type: v.titleType,
        title: v.title,
        tax_no: personal ? '' : v.taxNo,
        address: v.address,
        phone: v.phone,
        bank_name: v.bankName,
        bank_account: v.bankAccount,
        updated_at: ctx.now(),
      });
      return toInvoice(row);
    },
  };
}
