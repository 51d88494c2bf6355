import { beijingText } from '@chepai/shared/domain/beijing-time';
import { yuanDisplay } from '@chepai/shared/domain/money';

/** Epoch ms → Beijing wall-clock text: 'YYYY-MM-DD HH:mm', 'MM-DD HH:mm' … (whatever the browser's zone). */
export const beijing = beijingText;

/** '128000.00' → '12.80万'; below 1万 → '8500元'. */
export function wan(yuan: string): string {
  const n = Number(yuan);
  if (n >= 10_000) return `${(n / 10_000).toFixed(2)}万`;
  return `${n.toFixed(0)}元`;
}

/** '128000.00' → '¥128,000.00' */
export const yuanText = yuanDisplay;

/** Remaining milliseconds → '2天 03:04:05' / '03:04:05'. */
export function durationText(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const d = Math.floor(s / 86_400);
  const hh = String(Math.floor((s % 86_400) / 3600)).padStart(2, '0');
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, '0');
  const ss = String(s % 60).padStart(2, '0');
  return `${d > 0 ? `${d}天 ` : ''}${hh}:${mm}:${ss}`;
}

export const mileageText = (km: number) => (km >= 10_000 ? `${(km / 10_000).toFixed(1)}万公里` : `${km}公里`);
