import { z } from 'zod';
import { creditCodeSchema, invoiceFields, sellerUserInfo, smsCodeSchema } from './accounts';
import { idSchema } from './common';
import { endpoint } from './define';

const none = z.object({}).loose();
/** Landline with area code, mobile, or 400 number. */
const PHONE_PATTERN = /^(0\d{2,3}-?\d{7,8}(-\d{1,6})?|1[3-9]\d{9}|400-?\d{3}-?\d{4})$/;

export const sellerUnit = z.object({
  businessUnitId: z.string(),
  businessUnitName: z.string(),
  orgType: z.string(),
  creditCode: z.string(),
  address: z.string(),
});
export type SellerUnit = z.infer<typeof sellerUnit>;

export { sellerUserInfo, type SellerUserInfo } from './accounts';

const oauthParam = (label: string) =>
  z
    .string({ error: `缺少${label}` })
    .trim()
    .min(1, { error: `缺少${label}` })
    .max(512, { error: `${label}格式不正确` });

/** Answers 302 to the issuer's authorization endpoint; the browser navigates here. */
export const loginStart = endpoint({
  method: 'GET',
  path: '/mall-auction/user/seller/login/start',
  auth: 'public',
  input: z.object({ redirect: z.string().max(512).optional() }),
  output: z.null(),
});

/** The issuer sent the browser to /home?code=…&state=…; the web client hands both over here. */
export const loginCallback = endpoint({
  method: 'GET',
  path: '/mall-auction/user/seller/login/callback',
  auth: 'public',
  input: z.object({
    code: oauthParam('授权码'),
    state: oauthParam('登录状态参数'),
    iss: z.string().max(512).optional(),
  }),
  output: z.object({
    userInfo: sellerUserInfo,
    role: z.literal('seller'),
    token: z.string(),
    /** Where the seller was going when login started (a path on this site). */
    redirect: z.string(),
  }),
});

export const logout = endpoint({
  method: 'POST',
  path: '/mall-auction/user/seller/logout',
  auth: 'public',
  input: none,
  output: z.object({ endSessionUrl: z.string().nullable() }),
});

export const infoAll = endpoint({
  method: 'GET',
  path: '/mall-auction/user/seller/info/all',
  auth: 'seller',
  input: none,
  output: z.object({
    seller: z.object({ userId: z.string(), sellerName: z.string(), tel: z.string() }),
    units: z.array(sellerUnit),
    current: z.string().nullable(),
  }),
});

export const switchUnit = endpoint({
  method: 'POST',
  path: '/mall-auction/user/seller/switchUnit',
  auth: 'seller',
  input: z.object({ businessUnitId: idSchema }),
  output: sellerUserInfo,
});

const required = (label: string, max: number) =>
  z
    .string({ error: `请输入${label}` })
    .transform((s) => s.trim())
    .pipe(
      z
        .string()
        .refine((v) => v.length >= 1, { error: `请输入${label}` })
        .refine((v) => v.length <= max, { error: `${label}不能超过${max}个字符` }),
    );

/** A unit's invoice details; the taxpayer number is its unified social credit code. */
export const sellerInvoiceForm = z.object({
  title: required('发票抬头', 100),
  taxNo: creditCodeSchema,
  address: required('注册地址', 100),
  phone: required('注册电话', 20).refine((v) => PHONE_PATTERN.test(v), {
    error: '请输入正确的电话号码，如 021-12345678',
  }),
  bankName: required('开户银行', 50),
  bankAccount: required('银行账号', 40)
    .transform((s) => s.replace(/\s+/g, ''))
    .refine((v) => /^\d{8,30}$/.test(v), { error: '银行账号应为8-30位数字' }),
});
export type SellerInvoiceValues = z.output<typeof sellerInvoiceForm>;
const sellerInvoice = invoiceFields;
export type SellerInvoice = z.infer<typeof sellerInvoice>;

export const invoiceInfo = endpoint({
  method: 'GET',
  path: '/mall-auction/user/seller/invoice/info',
  auth: 'seller',
  input: none,
  output: z.object({ businessUnitName: z.string(), invoice: sellerInvoice.nullable() }),
});
export const invoiceSave = endpoint({
  method: 'POST',
  path: '/mall-auction/user/seller/invoice/saveOrUpdate',
  auth: 'seller',
  input: sellerInvoiceForm,
  output: sellerInvoice,
});

/** 收款信息: the account the unit is paid into. The name must be the unit's own. */
export const collectionForm = z.object({
  accountName: required('账户名称', 100),
  bankName: required('开户银行', 50),
  branchName: required('开户支行', 100),
  accountNo: required('银行账号', 40)
    .transform((s) => s.replace(/\s+/g, ''))
    .refine((v) => /^\d{8,30}$/.test(v), { error: '银行账号应为8-30位数字' }),
  bankCode: required('联行号', 12).refine((v) => /^\d{12}$/.test(v), { error: '联行号应为12位数字' }),
});
export type CollectionValues = z.output<typeof collectionForm>;
const collectionAccount = z.object({
  accountName: z.string(),
  bankName: z.string(),
  branchName: z.string(),
  /** Masked: only the last four digits are ever sent. */
  accountNo: z.string(),
  bankCode: z.string(),
  updatedAt: z.string(),
});
export type CollectionAccount = z.infer<typeof collectionAccount>;

export const collectionInfo = endpoint({
  method: 'GET',
  path: '/mall-auction/user/seller/collection/info',
  auth: 'seller',
  input: none,
  output: z.object({ businessUnitName: z.string(), tel: z.string(), account: collectionAccount.nullable() }),
});
/** Sends a code to the seller's phone (from the identity provider) before a change. */
export const collectionCaptcha = endpoint({
  method: 'POST',
  path: '/mall-auction/user/seller/collection/captcha',
  auth: 'seller',
  input: none,
  output: z.object({ resendSeconds: z.number().int(), tel: z.string() }),
});
export const collectionSaveInput = z.object({ ...collectionForm.shape, code: smsCodeSchema });
export const collectionSave = endpoint({
  method: 'POST',
  path: '/mall-auction/user/seller/collection/saveOrUpdate',
  auth: 'seller',
  input: collectionSaveInput,
  output: collectionAccount,
});
export const collectionHistory = endpoint({
  method: 'GET',
  path: '/mall-auction/user/seller/collection/history',
  auth: 'seller',
  input: none,
  output: z.array(
    collectionAccount.omit({ updatedAt: true }).extend({ changedAt: z.string(), changedBy: z.string() }),
  ),
});
