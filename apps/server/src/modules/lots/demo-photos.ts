import { BODY_TYPES, type BodyType } from '@chepai/shared/contracts/lot-enums';
import { bayView, frontSeatsView, interiorView, rearSeatsView } from './demo-car-cabin';
import { frontThreeQuarter, rearThreeQuarter, rearView, sideView, type Drawn } from './demo-car-exterior';
import { SHAPES } from './demo-car-shapes';

/** Colour names used in lot data → the key in photo URLs and the paint shades. */
export const PAINTS: Record<string, { key: string; base: string; dark: string; light: string }> = {
  白色: { key: 'white', base: '#eef0f3', dark: '#b9bec6', light: '#ffffff' },
  黑色: { key: 'black', base: '#23272e', dark: '#0d0f12', light: '#4a5060' },
  银色: { key: 'silver', base: '#c3c9cf', dark: '#8b939b', light: '#e9edf0' },
  灰色: { key: 'gray', base: '#7b838b', dark: '#4f565d', light: '#a3aab1' },
  红色: { key: 'red', base: '#c3262d', dark: '#7e1418', light: '#e8585e' },
  蓝色: { key: 'blue', base: '#2b5fab', dark: '#173a6d', light: '#5c8ad0' },
  棕色: { key: 'brown', base: '#7a5232', dark: '#4b301b', light: '#a37652' },
  绿色: { key: 'green', base: '#2f7a52', dark: '#1a4a30', light: '#58a37a' },
  香槟色: { key: 'champagne', base: '#d7c29b', dark: '#a8936b', light: '#efe3c8' },
  橙色: { key: 'orange', base: '#e07a22', dark: '#9c4e0e', light: '#f3a35e' },
};
const PAINT_BY_KEY = new Map(Object.values(PAINTS).map((p) => [p.key, p]));

/**
 * The views of a demo lot, each labelled with what it shows. The bonnet view depends on the fuel:
 * an engine, an engine with the hybrid drive, or the electric motor (no engine to show).
 */
export const PHOTO_VIEWS = [
  { key: 'front34', label: '左前45°' },
  { key: 'side', label: '正侧面' },
  { key: 'rear34', label: '右后45°' },
  { key: 'rear', label: '车尾' },
  { key: 'interior', label: '中控仪表' },
  { key: 'seats', label: '前排座椅' },
  { key: 'rearseats', label: '后排座椅' },
  { key: 'engine', label: '发动机舱' },
  { key: 'hybrid', label: '发动机舱（混动系统）' },
  { key: 'motor', label: '前舱（电驱系统）' },
] as const;
export type ViewKey = (typeof PHOTO_VIEWS)[number]['key'];

/** The five photos of a lot: four views of the car and the one bonnet view that fits its fuel. */
export function photoViewsFor(fuel: string): Array<(typeof PHOTO_VIEWS)[number]> {
  const bay: ViewKey = fuel === '纯电动' ? 'motor' : fuel.includes('混') ? 'hybrid' : 'engine';
  return PHOTO_VIEWS.filter((v) => ['front34', 'side', 'rear', 'interior', bay].includes(v.key));
}

export const demoPhotoUrl = (body: string, color: string, view: ViewKey) =>
  `/api/files/demo/${body}-${PAINTS[color]?.key ?? 'silver'}-${view}.svg`;

const frame = (inner: string, label: string, paint: { base: string; dark: string; light: string }) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 500" width="800" height="500">
<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#e9eef4"/><stop offset="0.8" stop-color="#f7f9fb"/><stop offset="0.8" stop-color="#d5dae0"/><stop offset="1" stop-color="#c4cad1"/></linearGradient>
<linearGradient id="paint" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${paint.light}"/><stop offset="0.45" stop-color="${paint.base}"/><stop offset="1" stop-color="${paint.dark}"/></linearGradient>
<linearGradient id="glass" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#6a7b8c"/><stop offset="1" stop-color="#1f2831"/></linearGradient></defs>
<rect width="800" height="500" fill="url(#bg)"/>${inner}
<text x="784" y="488" font-size="15" fill="#8a939c" text-anchor="end" font-family="Noto Sans CJK SC, sans-serif">车拍商城 · 示意图 · ${label}</text></svg>`;

/** One drawn view with its geometry (for the test), or null for a name we do not draw. */
export function drawDemoView(body: BodyType, colour: string, view: ViewKey): Drawn | null {
  const paint = PAINT_BY_KEY.get(colour);
  if (!paint) return null;
  const shape = SHAPES[body];
  switch (view) {
    case 'side':
      return sideView(shape, paint);
    case 'front34':
      return frontThreeQuarter(shape, paint);
    case 'rear34':
      return rearThreeQuarter(shape, paint);
    case 'rear':
      return rearView(shape, paint, body);
    case 'interior':
      return { svg: interiorView(body, paint), body: [], wheels: [] };
    case 'seats':
      return { svg: frontSeatsView(body, paint), body: [], wheels: [] };
    case 'rearseats':
      return { svg: rearSeatsView(body, paint), body: [], wheels: [] };
    default:
      return { svg: bayView(view, paint), body: [], wheels: [] };
  }
}

const cache = new Map<string, string>();

/** The SVG for `${body}-${colourKey}-${view}`, or null when the name is not one we draw. */
export function renderDemoPhoto(name: string): string | null {
  const m = /^([a-z]+)-([a-z]+)-([a-z0-9]+)$/.exec(name);
  if (!m) return null;
  const [, body, colour, view] = m as unknown as [string, string, string, string];
  const v = PHOTO_VIEWS.find((x) => x.key === view);
  const paint = PAINT_BY_KEY.get(colour);
  if (!(BODY_TYPES as readonly string[]).includes(body) || !v || !paint) return null;
  const hit = cache.get(name);
  if (hit) return hit;
  const drawn = drawDemoView(body as BodyType, colour, v.key);
  if (!drawn) return null;
  const svg = frame(drawn.svg, v.label, paint);
  cache.set(name, svg);
  return svg;
}
