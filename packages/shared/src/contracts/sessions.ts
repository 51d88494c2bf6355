import { z } from 'zod';
import { idSchema } from './common';
import { endpoint } from './define';

const activeSession = z.object({
  sessionId: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  clientIp: z.string(),
  /** The browser and system the session was created from ('Chrome · Windows'); null when unknown. */
  device: z.string().nullable(),
  /** The session making this request. */
  current: z.boolean(),
  /** Sellers: the unit that session acts for. */
  businessUnitName: z.string().nullable(),
});
export type ActiveSession = z.infer<typeof activeSession>;

/** The user's live sessions (logged-in devices), newest first. */
export const list = endpoint({
  method: 'GET',
  path: '/mall-auction/user/sessions',
  auth: 'user',
  input: z.object({}).loose(),
  output: z.array(activeSession),
});

/** Signs one of the user's own sessions out ('sign out this device'). */
export const revoke = endpoint({
  method: 'POST',
  path: '/mall-auction/user/sessions/revoke',
  auth: 'user',
  input: z.object({ sessionId: idSchema }),
  output: z.null(),
});
