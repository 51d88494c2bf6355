import net from 'node:net';

/** Fastify's `trustProxy`: off, the number of proxy hops in front, or the proxies' addresses. */
export type TrustProxy = false | number | string[];

const isAddressOrCidr = (entry: string) => {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
};

/**
 * `TRUST_PROXY`: `false`/`0`, a hop count, or a comma-separated list of proxy addresses or CIDRs.
 * `true` ("trust every hop") is refused: it lets a client name its own address in
 * X-Forwarded-For and escape every per-address limit (docs/decisions/009-shared-limits-and-proxies.md).
 */
export function parseTrustProxy(raw: string): TrustProxy {
  const value = raw.trim();
  if (value === '' || value === 'false' || value === '0') return false;
  if (value === 'true') {
    throw new Error(
      '配置项 TRUST_PROXY 无效：不再接受 true（会信任客户端自报的 X-Forwarded-For）；请填写反向代理的层数（如 1）或代理地址列表（如 10.0.0.5,10.1.0.0/16）',
    );
  }
  if (/^\d+$/.test(value)) return Number(value);
  const list = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = list.find((entry) => !isAddressOrCidr(entry));
  if (bad !== undefined || !list.length) {
    throw new Error(`配置项 TRUST_PROXY 无效：“${bad ?? value}”不是代理层数、IP 地址或 CIDR`);
  }
  return list;
}

/** Fastify's types lack the hop count: as proxy-addr does, a count trusts the nearest `n` hops. */
export function fastifyTrustProxy(
  t: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof t === 'number' ? (_address: string, hop: number) => hop < t : t;
}
