import { BODY_TYPES, type BodyType } from '@chepai/shared/contracts/lot-enums';

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

export const PHOTO_VIEWS = [
  { key: 'front34', label: '左前45°' },
  { key: 'side', label: '正侧面' },
  { key: 'rear', label: '车尾' },
  { key: 'interior', label: '中控仪表' },
  { key: 'engine', label: '发动机舱' },
] as const;
type ViewKey = (typeof PHOTO_VIEWS)[number]['key'];

export const demoPhotoUrl = (body: string, color: string, view: ViewKey) =>
  `/api/files/demo/${body}-${PAINTS[color]?.key ?? 'silver'}-${view}.svg`;

interface Profile {
  body: string;
  glass: string;
  wheels: [number, number];
  r: number;
  height: number;
}

// Side silhouettes on an 800×500 canvas, ground at y = 410, nose to the left.
const PROFILES: Record<BodyType, Profile> = {
  sedan: {
    body: 'M88,372 L88,326 Q92,300 130,293 L250,282 Q302,216 362,206 L522,206 Q572,212 624,276 L702,290 Q732,298 736,332 L736,372 Z',
    glass: 'M272,280 Q314,226 366,218 L436,218 L436,280 Z M450,218 L516,218 Q556,222 598,276 L450,280 Z',
    wheels: [208, 612],
    r: 44,
    height: 206,
  },
  hatchback: {
    body: 'M110,372 L110,322 Q114,296 150,290 L258,280 Q310,214 372,206 L566,206 Q612,212 650,262 L666,304 L670,372 Z',
    glass:
      'M280,278 Q320,226 376,218 L454,218 L454,278 Z M468,218 L560,218 Q598,224 628,268 L630,278 L468,278 Z',
    wheels: [222, 584],
    r: 42,
    height: 206,
  },
  suv: {
    body: 'M86,374 L86,302 Q90,276 128,270 L228,262 Q268,186 322,176 L602,176 Q652,182 684,250 L714,262 Q732,272 734,312 L734,374 Z',
    glass: 'M250,258 Q286,198 328,190 L450,190 L450,258 Z M464,190 L596,190 Q636,196 662,252 L464,258 Z',
    wheels: [204, 618],
    r: 50,
    height: 176,
  },
  mpv: {
    body: 'M80,374 L80,300 Q86,274 122,268 L190,254 Q242,170 302,162 L662,162 Q704,168 716,232 L722,300 L722,374 Z',
    glass:
      'M212,252 Q254,186 306,176 L400,176 L400,252 Z M414,176 L540,176 L540,252 L414,252 Z M554,176 L652,176 Q690,182 700,244 L554,250 Z',
    wheels: [196, 612],
    r: 46,
    height: 162,
  },
  pickup: {
    body: 'M78,374 L78,306 Q84,282 120,278 L232,268 Q266,198 302,190 L452,190 Q472,194 482,270 L742,270 L742,374 Z',
    glass: 'M254,264 Q284,208 308,202 L370,202 L370,264 Z M384,202 L444,202 Q458,208 464,264 L384,264 Z',
    wheels: [196, 626],
    r: 50,
    height: 190,
  },
  van: {
    body: 'M90,374 L90,292 Q96,252 130,232 L190,172 Q204,150 242,148 L720,148 Q742,150 742,176 L742,374 Z',
    glass: 'M140,236 L196,180 Q210,166 236,164 L300,164 L300,236 Z M316,164 L420,164 L420,226 L316,226 Z',
    wheels: [210, 626],
    r: 44,
    height: 148,
  },
};

const frame = (inner: string, label: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 500" width="800" height="500">
<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#e9eef4"/><stop offset="0.78" stop-color="#f7f9fb"/><stop offset="0.78" stop-color="#d5dae0"/><stop offset="1" stop-color="#c4cad1"/></linearGradient>
<linearGradient id="glass" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#5b6b7c"/><stop offset="1" stop-color="#222b35"/></linearGradient></defs>
<rect width="800" height="500" fill="url(#bg)"/>${inner}
<text x="784" y="488" font-size="15" fill="#8a939c" text-anchor="end" font-family="Noto Sans CJK SC, sans-serif">车拍商城 · 示意图 · ${label}</text></svg>`;

const wheel = (cx: number, r: number) =>
  `<circle cx="${cx}" cy="${410 - r}" r="${r}" fill="#1b1d20"/><circle cx="${cx}" cy="${410 - r}" r="${r * 0.62}" fill="#b8bec4"/>` +
  `<circle cx="${cx}" cy="${410 - r}" r="${r * 0.5}" fill="none" stroke="#8d949b" stroke-width="4" stroke-dasharray="6 8"/><circle cx="${cx}" cy="${410 - r}" r="${r * 0.16}" fill="#555b61"/>`;

function sideCar(p: Profile, paint: { base: string; dark: string; light: string }) {
  const [w1, w2] = p.wheels;
  return `<ellipse cx="410" cy="414" rx="350" ry="16" fill="#000" opacity="0.18"/>
<path d="${p.body}" fill="${paint.base}" stroke="${paint.dark}" stroke-width="3"/>
<path d="M120,300 L730,300" stroke="${paint.light}" stroke-width="6" opacity="0.7"/>
<path d="${p.glass}" fill="url(#glass)" opacity="0.92"/>
<line x1="100" y1="322" x2="730" y2="322" stroke="${paint.dark}" stroke-width="2" opacity="0.6"/>
<circle cx="${w1}" cy="${410 - p.r}" r="${p.r + 8}" fill="${paint.dark}"/><circle cx="${w2}" cy="${410 - p.r}" r="${p.r + 8}" fill="${paint.dark}"/>
${wheel(w1, p.r)}${wheel(w2, p.r)}
<rect x="92" y="310" width="22" height="12" rx="4" fill="#f6e7a6"/><rect x="716" y="304" width="16" height="14" rx="3" fill="#c3262d"/>`;
}

/** The side view turned away (perspective squeeze) with the front face, hood and windscreen joined to its nose. */
function front34(p: Profile, paint: { base: string; dark: string; light: string }) {
  const pts = [...p.body.matchAll(/(-?\d+),(-?\d+)/g)].map((m) => [Number(m[1]), Number(m[2])] as const);
  const T = ([x, y]: readonly [number, number]) => [250 + 0.66 * x, 14 + 0.09 * x + 0.9 * y] as const;
  const [nose0, nose1, , , hood, , roof] = pts;
  const rb = T(nose0 as readonly [number, number]);
  const rt = T(nose1 as readonly [number, number]);
  const hb = T(hood as readonly [number, number]);
  const rf = T(roof as readonly [number, number]);
  const W = 170;
  const lt = [rt[0] - W, rt[1] - 6];
  const lb = [rb[0] - W, rb[1] + 18];
  const hl = [hb[0] - W * 0.78, hb[1] - 2];
  const rl = [rf[0] - W * 0.62, rf[1] + 4];
  const pt = (q: readonly number[]) => `${q[0]?.toFixed(1)},${q[1]?.toFixed(1)}`;
  const mix = (a: readonly number[], b: readonly number[], t: number) => [
    (a[0] ?? 0) + ((b[0] ?? 0) - (a[0] ?? 0)) * t,
    (a[1] ?? 0) + ((b[1] ?? 0) - (a[1] ?? 0)) * t,
  ];
  const faceH = (lb[1] ?? 0) - (lt[1] ?? 0);
  const lampY = (lt[1] ?? 0) + faceH * 0.12;
  const lampH = Math.max(10, faceH * 0.2);
  const grilleTop = mix(lt, lb, 0.4);
  const r = p.r * 1.05;
  return `<ellipse cx="400" cy="${(rb[1] ?? 0) + 16}" rx="330" ry="18" fill="#000" opacity="0.18"/>
<g transform="matrix(0.66,0.09,0,0.9,250,14)">${sideCar(p, paint).replace(/<ellipse[^>]*\/>/, '')}</g>
<path d="M${pt(lt)} L${pt(rt)} L${pt(hb)} L${pt(hl)} Z" fill="${paint.light}" stroke="${paint.dark}" stroke-width="2"/>
<path d="M${pt(hl)} L${pt(hb)} L${pt(rf)} L${pt(rl)} Z" fill="url(#glass)" stroke="${paint.dark}" stroke-width="2"/>
<circle cx="${(lb[0] ?? 0) + 34}" cy="${(lb[1] ?? 0) - r * 0.55}" r="${r}" fill="#1b1d20"/>
<path d="M${pt(lt)} L${pt(rt)} L${pt(rb)} L${pt(lb)} Z" fill="${paint.base}" stroke="${paint.dark}" stroke-width="3"/>
<rect x="${(lt[0] ?? 0) + 10}" y="${lampY}" width="${W * 0.26}" height="${lampH}" rx="5" fill="#f4f1dc" stroke="${paint.dark}" transform="skewY(4)" transform-origin="${pt(lt)}"/>
<rect x="${(rt[0] ?? 0) - 10 - W * 0.26}" y="${lampY + 8}" width="${W * 0.26}" height="${lampH}" rx="5" fill="#f4f1dc" stroke="${paint.dark}" transform="skewY(4)" transform-origin="${pt(rt)}"/>
<rect x="${(grilleTop[0] ?? 0) + 30}" y="${(grilleTop[1] ?? 0) + 4}" width="${W * 0.55}" height="${faceH * 0.28}" rx="6" fill="#2a2e33" transform="skewY(4)" transform-origin="${pt(grilleTop)}"/>
<rect x="${(lb[0] ?? 0) + 6}" y="${(lb[1] ?? 0) - 12}" width="${W - 12}" height="9" rx="4" fill="${paint.dark}" transform="skewY(4)" transform-origin="${pt(lb)}"/>`;
}

function rear(p: Profile, paint: { base: string; dark: string; light: string }) {
  const top = p.height;
  return `<ellipse cx="400" cy="414" rx="250" ry="16" fill="#000" opacity="0.2"/>
<rect x="200" y="360" width="60" height="52" rx="10" fill="#1b1d20"/><rect x="540" y="360" width="60" height="52" rx="10" fill="#1b1d20"/>
<path d="M180,390 L180,${top + 110} Q190,${top + 70} 250,${top + 60} L300,${top} L500,${top} L550,${top + 60} Q610,${top + 70} 620,${top + 110} L620,390 Z" fill="${paint.base}" stroke="${paint.dark}" stroke-width="3"/>
<path d="M310,${top + 14} L490,${top + 14} L532,${top + 66} L268,${top + 66} Z" fill="url(#glass)"/>
<rect x="196" y="${top + 100}" width="92" height="30" rx="8" fill="#b3121b"/><rect x="512" y="${top + 100}" width="92" height="30" rx="8" fill="#b3121b"/>
<rect x="352" y="${top + 150}" width="96" height="32" rx="4" fill="#f2c200" stroke="#333" stroke-width="2"/>
<rect x="196" y="360" width="408" height="20" rx="6" fill="${paint.dark}"/>`;
}

function interior(paint: { base: string; dark: string }) {
  return `<rect width="800" height="500" fill="#2b2f35"/>
<path d="M0,250 Q400,150 800,250 L800,500 L0,500 Z" fill="#3a3f46"/>
<path d="M0,270 Q400,180 800,270 L800,300 Q400,214 0,300 Z" fill="${paint.base}" opacity="0.7"/>
<rect x="330" y="200" width="180" height="100" rx="10" fill="#0e141b" stroke="#555" stroke-width="3"/>
<rect x="342" y="212" width="156" height="76" rx="6" fill="#1f4f7a"/><rect x="352" y="222" width="70" height="8" fill="#9cc4e8"/><rect x="352" y="238" width="120" height="6" fill="#6d9cc6"/>
<circle cx="230" cy="330" r="110" fill="none" stroke="#15181c" stroke-width="26"/><circle cx="230" cy="330" r="34" fill="#15181c"/>
<line x1="140" y1="330" x2="320" y2="330" stroke="#15181c" stroke-width="22"/><line x1="230" y1="364" x2="230" y2="440" stroke="#15181c" stroke-width="22"/>
<rect x="160" y="232" width="140" height="56" rx="20" fill="#0e141b"/><circle cx="200" cy="260" r="20" fill="none" stroke="#e46d2c" stroke-width="4"/><circle cx="262" cy="260" r="20" fill="none" stroke="#6fc1ff" stroke-width="4"/>
<g fill="#22262b">${[560, 620, 680].map((x) => `<rect x="${x}" y="236" width="44" height="22" rx="6"/>`).join('')}</g>
<rect x="360" y="330" width="120" height="170" rx="16" fill="#23272d"/><circle cx="420" cy="380" r="16" fill="#555c64"/>`;
}

function engine(paint: { base: string; dark: string }) {
  return `<rect width="800" height="500" fill="#1d2024"/>
<path d="M60,40 L740,40 L700,120 L100,120 Z" fill="${paint.base}" stroke="${paint.dark}" stroke-width="4"/>
<path d="M100,130 L700,130 L760,470 L40,470 Z" fill="#2c3036"/>
<rect x="250" y="190" width="300" height="170" rx="18" fill="#5d646c" stroke="#3a3f45" stroke-width="6"/>
<g fill="#80888f">${[280, 340, 400, 460].map((x) => `<rect x="${x}" y="210" width="44" height="130" rx="10"/>`).join('')}</g>
<rect x="590" y="200" width="120" height="80" rx="6" fill="#1b1b1b"/><rect x="606" y="190" width="20" height="12" fill="#c0392b"/><rect x="674" y="190" width="20" height="12" fill="#333"/>
<circle cx="150" cy="230" r="34" fill="#e6d36a"/><circle cx="150" cy="230" r="16" fill="#b79f2c"/>
<rect x="110" y="300" width="90" height="110" rx="12" fill="#d0d7dd" opacity="0.85"/>
<path d="M250,380 Q400,420 560,380" fill="none" stroke="#111" stroke-width="14"/>`;
}

const cache = new Map<string, string>();

/** The SVG for `${body}-${colourKey}-${view}`, or null when the name is not one we draw. */
export function renderDemoPhoto(name: string): string | null {
  const m = /^([a-z]+)-([a-z]+)-([a-z0-9]+)$/.exec(name);
  if (!m) return null;
  const [, body, colour, view] = m as unknown as [string, string, string, string];
  const profile = (BODY_TYPES as readonly string[]).includes(body) ? PROFILES[body as BodyType] : undefined;
  const paint = PAINT_BY_KEY.get(colour);
  const label = PHOTO_VIEWS.find((v) => v.key === view)?.label;
  if (!profile || !paint || !label) return null;
  const hit = cache.get(name);
  if (hit) return hit;
  const inner =
    view === 'side'
      ? sideCar(profile, paint)
      : view === 'front34'
        ? front34(profile, paint)
        : view === 'rear'
          ? rear(profile, paint)
          : view === 'interior'
            ? interior(paint)
            : engine(paint);
  const svg = frame(inner, label);
  cache.set(name, svg);
  return svg;
}
