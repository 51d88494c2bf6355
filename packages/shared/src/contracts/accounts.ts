import { z } from 'zod';
import {
  AGREE_MESSAGE,
  companyNameProblem,
  creditCodeFieldProblem,
  idCardNoProblem,
  newPasswordProblem,
  realNameProblem,
  smsCodeProblem,
  telProblem,
  type FieldCheck,
} from '../domain/account-fields';
import { creditCodeProblem } from '../domain/identity';
import { ROLES } from './common';
import { endpoint } from './define';

const text = (label: string) => z.string({ error: `请输入${label}` }).transform((s) => s.trim());
/** A string held to one of the shared field rules (domain/account-fields.ts), with its message. */
const holds = (check: FieldCheck) =>
  z.string().superRefine((v, ctx) => {
    const message = check(v);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

export const telSchema = text('手机号').pipe(holds(telProblem));
export const smsCodeSchema = text('验证码').pipe(holds(smsCodeProblem));
/** Pattern A, checked on the plain password (the web form, and the server after decryption). */
export const passwordSchema = z.string({ error: '请输入密码' }).pipe(holds(newPasswordProblem));
/** What travels: base64 of the RSA ciphertext (PKCS#1 v1.5, 2048-bit = 344 characters). */
export const cipherSchema = z
  .string({ error: '请输入密码' })
  .refine((v) => v.length >= 1, { error: '请输入密码' })
  .refine((v) => v.length <= 1024, { error: '密码解密失败，请刷新页面后重试' });

export const realNameSchema = text('真实姓名').pipe(holds(realNameProblem));
export { MIN_BIDDER_AGE } from '../domain/account-fields';
export const idCardSchema = text('身份证号')
  .transform((s) => s.toUpperCase())
  .pipe(holds(idCardNoProblem));
export const companyNameSchema = text('企业名称').pipe(holds(companyNameProblem));
export const creditCodeSchema = text('统一社会信用代码')
  .transform((s) => s.toUpperCase())
  .pipe(holds(creditCodeFieldProblem));
const agreeSchema = z.literal(true, { error: AGREE_MESSAGE });

/**
 * The registration rules, once, for the web form (plain password) and the server (ciphertext
 * on the wire, checked with `passwordSchema` after decryption).
 */
export function registerSchemaWith<P extends z.ZodType<string, string>>(password: P) {
  const base = {
    tel: telSchema,
    code: smsCodeSchema,
    password,
    realName: realNameSchema,
    idCardNo: idCardSchema,
    agree: agreeSchema,
  };
  return z.discriminatedUnion(
    'bidderType',
    [
      z.object({ ...base, bidderType: z.literal('personal') }),
      z.object({
        ...base,
        bidderType: z.literal('company'),
        companyName: companyNameSchema,
        creditCode: creditCodeSchema,
      }),
    ],
    { error: '请选择竞买人类型' },
  );
}
export const registerForm = registerSchemaWith(passwordSchema);
export type RegisterValues = z.output<typeof registerForm>;

export const BIDDER_TYPES = { personal: '个人竞买人', company: '企业竞买人' } as const;
export type BidderType = keyof typeof BIDDER_TYPES;

const userInfo = z.object({
  userId: z.string(),
  role: z.enum(ROLES),
  buyerName: z.string(),
  tel: z.string(),
  realName: z.string(),
  idCardNo: z.string(),
  bidderType: z.enum(['personal', 'company']),
  companyName: z.string().nullable(),
  creditCode: z.string().nullable(),
  registeredAt: z.string(),
});
export type UserInfo = z.infer<typeof userInfo>;

/** What the client keeps of a seller: the person, and the unit the session acts for (null until chosen). */
export const sellerUserInfo = z.object({
  userId: z.string(),
  role: z.literal('seller'),
  sellerName: z.string(),
  tel: z.string(),
  businessUnitId: z.string().nullable(),
  businessUnitName: z.string().nullable(),
  unitCount: z.number().int(),
});
export type SellerUserInfo = z.infer<typeof sellerUserInfo>;
export const isSellerInfo = (u: UserInfo | SellerUserInfo): u is SellerUserInfo => 'sellerName' in u;

const loginResult = z.object({
  userInfo,
  role: z.enum(ROLES),
  token: z.string(),
  /** True when the account had never logged in before (the page welcomes rather than welcomes back). */
  firstLogin: z.boolean(),
});
export type LoginResult = z.infer<typeof loginResult>;
const sent = z.object({ resendSeconds: z.number().int() });

const telInput = z.object({ tel: telSchema });
export const registerCaptcha = endpoint({
  method: 'POST',
  path: '/mall-auction/user/buyer/register/captcha',
  auth: 'public',
  input: telInput,
  output: sent,
});
export const loginCaptcha = endpoint({
  method: 'POST',
  path: '/mall-auction/user/buyer/login/captcha',
  auth: 'public',
  input: telInput,
  output: sent,
});
export const findPwdCaptcha = endpoint({
  method: 'POST',
  path: '/mall-auction/user/buyer/findPwd/captcha',
  auth: 'public',
  input: telInput,
  output: sent,
});
/** `target: 'old'` sends to the account's current number; `'new'` to the number it moves to. */
export const updateTelCaptcha = endpoint({
  method: 'POST',
  path: '/mall-auction/user/updateTel/captcha',
  auth: 'user',
  input: z.discriminatedUnion(
    'target',
    [z.object({ target: z.literal('old') }), z.object({ target: z.literal('new'), tel: telSchema })],
    {
      error: '请指定发送到原手机号还是新手机号',
    },
  ),
  output: sent,
});

export const SMS_PURPOSES = [
  'register',
  'login',
  'findPwd',
  'updateTelOld',
  'updateTelNew',
  'sellerCollection',
  'signContract',
] as const;
export type SmsPurpose = (typeof SMS_PURPOSES)[number];

/** Checks a code without using it up (a wrong one still counts); `updateTelOld` needs a session and no tel. */
export const checkAuthCode = endpoint({
  method: 'POST',
  path: '/mall-auction/user/check/authCode',
  auth: 'public',
  input: z.discriminatedUnion(
    'purpose',
    [
      z.object({ purpose: z.enum(['register', 'findPwd']), tel: telSchema, code: smsCodeSchema }),
      z.object({ purpose: z.literal('updateTelOld'), code: smsCodeSchema }),
    ],
    { error: '验证码用途不正确' },
  ),
  output: z.object({ valid: z.literal(true) }),
});

/** Exported by name: the web's login form validates with it (contract schemas leave the web's bundle). */
export const loginInput = z.discriminatedUnion(
  'loginType',
  [
    z.object({ loginType: z.literal('password'), tel: telSchema, password: cipherSchema }),
    z.object({ loginType: z.literal('sms'), tel: telSchema, code: smsCodeSchema }),
  ],
  { error: '请选择登录方式' },
);
export const login = endpoint({
  method: 'POST',
  path: '/mall-auction/user/buyer/login',
  auth: 'public',
  input: loginInput,
  output: loginResult,
});

export const register = endpoint({
  method: 'POST',
  path: '/mall-auction/user/buyer/register',
  auth: 'public',
  input: registerSchemaWith(cipherSchema),
  output: z.object({ tel: z.string() }),
});

export const findPwdForm = z.object({ tel: telSchema, code: smsCodeSchema, password: passwordSchema });
export const findPwd = endpoint({
  method: 'POST',
  path: '/mall-auction/user/buyer/findPwd',
  auth: 'public',
  input: z.object({ tel: telSchema, code: smsCodeSchema, password: cipherSchema }),
  output: z.null(),
});

export const updatePwdForm = z.object({
  oldPassword: z.string({ error: '请输入原密码' }).refine((v) => v.length >= 1, { error: '请输入原密码' }),
  password: passwordSchema,
});
export const updatePwd = endpoint({
  method: 'POST',
  path: '/mall-auction/user/buyer/update/pwd',
  auth: 'buyer',
  input: z.object({ oldPassword: cipherSchema, password: cipherSchema }),
  output: z.null(),
});

export const updateTelForm = z.object({ oldCode: smsCodeSchema, tel: telSchema, code: smsCodeSchema });
export const updateTel = endpoint({
  method: 'POST',
  path: '/mall-auction/user/update/tel',
  auth: 'user',
  input: updateTelForm,
  output: z.object({ tel: z.string() }),
});

export const info = endpoint({
  method: 'GET',
  path: '/mall-auction/user/info',
  auth: 'user',
  input: z.object({}).loose(),
  /** A buyer's record, or for a seller's token the seller's (as the seller login callback returns). */
  output: z.union([userInfo, sellerUserInfo]),
});
export const logout = endpoint({
  method: 'POST',
  path: '/mall-auction/user/logout',
  auth: 'public',
  input: z.object({}).loose(),
  output: z.null(),
});
export const rsaPublicKey = endpoint({
  method: 'GET',
  path: '/mall-auction/user/rsa/publicKey',
  auth: 'public',
  input: z.object({}).loose(),
  output: z.string(),
});

export const INVOICE_TYPES = { ordinary: '增值税普通发票', special: '增值税专用发票' } as const;
export const TITLE_TYPES = { personal: '个人', company: '单位' } as const;

const optionalText = (max: number, label: string) =>
  z
    .string()
    .optional()
    .transform((s) => (s ?? '').trim())
    .pipe(z.string().refine((v) => v.length <= max, { error: `${label}不能超过${max}个字符` }));

/** Invoice information; a special VAT invoice needs the full taxpayer record. */
export const invoiceForm = z
  .object({
    invoiceType: z.enum(['ordinary', 'special'], { error: '请选择发票类型' }),
    titleType: z.enum(['personal', 'company'], { error: '请选择抬头类型' }),
    title: text('发票抬头').pipe(
      z
        .string()
        .refine((v) => v.length >= 2, { error: '请输入发票抬头' })
        .refine((v) => v.length <= 100, { error: '发票抬头不能超过100个字符' }),
    ),
    taxNo: optionalText(20, '纳税人识别号').transform((s) => s.toUpperCase()),
    address: optionalText(100, '注册地址'),
    phone: optionalText(20, '注册电话'),
    bankName: optionalText(50, '开户银行'),
    bankAccount: optionalText(40, '银行账号').transform((s) => s.replace(/\s+/g, '')),
  })
  .superRefine((v, ctx) => {
    const need = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (v.invoiceType === 'special' && v.titleType === 'personal')
      need('titleType', '增值税专用发票只能开具给单位');
    if (v.titleType === 'company') {
      if (!v.taxNo) need('taxNo', '请输入纳税人识别号');
      else if (!/^[0-9A-Z]{15}$|^[0-9A-Z]{17,18}$|^[0-9A-Z]{20}$/.test(v.taxNo))
        need('taxNo', '纳税人识别号应为15、17、18或20位数字或大写字母');
      else if (v.taxNo.length === 18 && creditCodeProblem(v.taxNo))
        need('taxNo', '纳税人识别号校验位不正确，请核对后重新输入');
    }
    if (v.phone && !/^(0\d{2,3}-?\d{7,8}(-\d{1,6})?|1[3-9]\d{9}|400-?\d{3}-?\d{4})$/.test(v.phone))
      need('phone', '请输入正确的电话号码，如 021-12345678');
    if (v.bankAccount && !/^\d{8,30}$/.test(v.bankAccount)) need('bankAccount', '银行账号应为8-30位数字');
    if (v.invoiceType === 'special') {
      if (!v.address) need('address', '开具专用发票须填写注册地址');
      if (!v.phone) need('phone', '开具专用发票须填写注册电话');
      if (!v.bankName) need('bankName', '开具专用发票须填写开户银行');
      if (!v.bankAccount) need('bankAccount', '开具专用发票须填写银行账号');
    }
  });
export type InvoiceValues = z.output<typeof invoiceForm>;
/** The invoice details a buyer and a seller's unit both keep. */
export const invoiceFields = z.object({
  title: z.string(),
  taxNo: z.string(),
  address: z.string(),
  phone: z.string(),
  bankName: z.string(),
  bankAccount: z.string(),
  updatedAt: z.string(),
});
const invoice = invoiceFields.extend({
  invoiceType: z.enum(['ordinary', 'special']),
  titleType: z.enum(['personal', 'company']),
});
export type Invoice = z.infer<typeof invoice>;

export const invoiceInfo = endpoint({
  method: 'GET',
  path: '/mall-auction/user/invoice/info',
  auth: 'user',
  input: z.object({}).loose(),
  output: invoice.nullable(),
});
export const invoiceSave = endpoint({
  method: 'POST',
  path: '/mall-auction/user/invoice/saveOrUpdate',
  auth: 'user',
  input: invoiceForm,
  output: invoice,
});

const outboxItem = z.object({
  tel: z.string(),
  code: z.string(),
  purpose: z.enum(SMS_PURPOSES),
  sentAt: z.string(),
});
export type OutboxItem = z.infer<typeof outboxItem>;
/** Development only: answers 404 when NODE_ENV=production. */
export const smsOutbox = endpoint({
  method: 'GET',
  path: '/dev/sms-outbox',
  auth: 'public',
  input: z.object({ tel: telSchema }),
  output: z.array(outboxItem),
});
