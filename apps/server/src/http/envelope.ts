import type { Envelope } from '@chepai/shared';

export const ok = <T>(data: T, msg = '操作成功'): Envelope<T> => ({ code: 200, msg, data });
export const fail = (code: number, msg: string, data: unknown = null): Envelope<unknown> => ({
  code,
  msg,
  data,
});
