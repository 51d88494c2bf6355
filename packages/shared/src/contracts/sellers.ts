import { z } from 'zod';
import { idSchema } from './common';
import { endpoint } from './define';

const none = z.object({}).loose();

export const sellerUnit = z.object({
  businessUnitId: z.string(),
  businessUnitName: z.string(),
  orgType: z.string(),
  creditCode: z.string(),
  address: z.string(),
});
export type SellerUnit = z.infer<typeof sellerUnit>;

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
