import { pinyin } from 'pinyin-pro';
import { BODY_TYPE_TEXT, type BodyType } from '@chepai/shared/contracts/lot-enums';

export interface SearchSource {
  title: string;
  brand_name: string;
  series_name: string;
  model_name: string;
  body_type: string;
  color: string;
  fuel_type: string;
  transmission: string;
  emission_standard: string;
  province: string;
  city: string;
  plate_city: string;
}

const HAN = /\p{Script=Han}/u;

function pinyinForms(text: string): string[] {
  if (!HAN.test(text)) return [];
  const opts = { toneType: 'none', type: 'array', nonZh: 'consecutive', v: true } as const;
  const squash = (parts: string[]) =>
    parts
      .join('')
      .replace(/[\s·]+/g, '')
      .toLowerCase();
  return [squash(pinyin(text, opts)), squash(pinyin(text, { ...opts, pattern: 'first' }))];
}

/** Lower-case, whitespace-separated, duplicate words removed. */
function words(parts: string[]): string[] {
  const seen = new Set<string>();
  for (const p of parts) {
    for (const w of p.toLowerCase().split(/[\s,，、/()（）]+/)) if (w) seen.add(w);
  }
  return [...seen];
}

/**
 * The precomputed search document of a lot: its Chinese text plus full pinyin and initials of the
 * names a buyer types (比亚迪 → biyadi, byd), and every 1–2 character substring of each word so
 * that short keywords are answered from an index too. Never holds the VIN or the whole plate.
 */
export function buildSearchDocument(s: SearchSource): { search_text: string; search_grams: string[] } {
  const named = [s.brand_name, s.series_name, s.model_name, s.color, s.city, s.province, s.fuel_type];
  const bodyText = BODY_TYPE_TEXT[s.body_type as BodyType] ?? '';
  const list = words([
    s.title,
    ...named,
    bodyText,
    s.transmission,
    s.emission_standard,
    s.plate_city,
    `${s.brand_name}${s.series_name}`,
    ...named.flatMap(pinyinForms),
    ...pinyinForms(`${s.brand_name}${s.series_name}`),
  ]);
  return { search_text: list.join(' '), search_grams: shortGrams(list) };
}

/** Every substring of 1 or 2 characters of each word (code points, lower case). */
export function shortGrams(list: string[]): string[] {
  const grams = new Set<string>();
  for (const w of list) {
    const chars = [...w];
    for (let i = 0; i < chars.length; i++) {
      grams.add(chars[i] as string);
      if (i + 1 < chars.length) grams.add(`${chars[i]}${chars[i + 1]}`);
    }
  }
  return [...grams];
}
