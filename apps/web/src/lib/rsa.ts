/** Encrypts a field before it leaves the browser; the key comes from the server (installed in app/providers.tsx). */
export type Encryptor = (plain: string) => Promise<string>;

let encryptor: Encryptor | null = null;

export function setEncryptor(fn: Encryptor | null) {
  encryptor = fn;
}

export async function encryptFields<T extends Record<string, unknown>>(
  data: T,
  fields: readonly string[],
): Promise<T> {
  if (!fields.length) return data;
  if (!encryptor) throw new Error('加密组件尚未就绪，请刷新页面后重试');
  const out: Record<string, unknown> = { ...data };
  for (const f of fields) {
    const v = out[f];
    if (typeof v === 'string' && v) out[f] = await encryptor(v);
  }
  return out as T;
}
