import { maskTel, type accounts } from '@chepai/shared';
import type { AppContext } from '../../context';
import { smsOutboxRepo } from './sms-outbox.repo';

export type SmsPurpose = accounts.SmsPurpose;

export interface SmsMessage {
  tel: string;
  purpose: SmsPurpose;
  code: string;
}

/** A gateway that delivers verification codes; a real provider (Aliyun, Tencent Cloud) plugs in here. */
export interface SmsSender {
  send(message: SmsMessage, now: Date): Promise<void>;
}

const TEMPLATES: Record<SmsPurpose, string> = {
  register: '注册',
  login: '登录',
  findPwd: '找回密码',
  updateTelOld: '更换手机号（验证原手机号）',
  updateTelNew: '更换手机号（绑定新手机号）',
  sellerCollection: '修改收款信息',
  signContract: '签署成交确认书',
};

/** A notice by SMS: `ref` (the delivery id) is the gateway's idempotency key for the message. */
export interface NoticeSms {
  ref: string;
  tel: string;
  text: string;
}

/** A gateway that delivers notices (docs/decisions/026-notice-delivery.md); it throws when the gateway refuses. */
export interface NoticeSmsSender {
  sendNotice(message: NoticeSms, now: Date): Promise<void>;
}

/** The text a real gateway would send, using its approved template. */
export const smsText = (m: SmsMessage) =>
  `【车拍商城】您的${TEMPLATES[m.purpose]}验证码为${m.code}，5分钟内有效。如非本人操作，请忽略本短信。`;

/**
 * Default sender: logs that a message went out (masked number and purpose, never the code) and,
 * outside production, keeps the message in the development outbox table.
 */
export function createSmsSender(ctx: AppContext): SmsSender & NoticeSmsSender {
  const outbox = smsOutboxRepo(ctx.dbh.db);
  return {
    async send(m, now) {
      ctx.log.info({ sms: { tel: maskTel(m.tel), purpose: m.purpose } }, 'sms sent');
      if (ctx.env.NODE_ENV === 'production') return;
      await outbox.insert({ tel: m.tel, purpose: m.purpose, code: m.code, sent_at: now });
    },
    async sendNotice(m, now) {
      ctx.log.info({ sms: { tel: maskTel(m.tel), ref: m.ref } }, 'notice sms sent');
      if (ctx.env.NODE_ENV === 'production') return;
      await outbox.insertNotice({ tel: m.tel, text: m.text, ref: m.ref, sent_at: now });
    },
  };
}
