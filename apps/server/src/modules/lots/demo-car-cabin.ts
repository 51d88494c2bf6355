import type { BodyType } from '@chepai/shared/contracts/lot-enums';
import type { Paint } from './demo-car-exterior';

/** What sits under the bonnet, from the lot's fuel: an engine, an engine with a hybrid drive, or a motor. */
export type Drive = 'engine' | 'hybrid' | 'motor';

const WORK: readonly BodyType[] = ['van', 'pickup'];

/**
 * 中控仪表 from the driver's seat: the steering wheel, the cluster, the centre screen and vents.
 * Vans and pickups get a plain dash with dials and a small radio; the others a wide screen.
 */
export function interiorView(body: BodyType, paint: Paint): string {
  const work = WORK.includes(body);
  const dash = work ? '#4a4d51' : '#2e3238';
  const trim = work ? '#6b6f74' : paint.base;
  const screen = work
    ? `<rect x="372" y="232" width="130" height="44" rx="4" fill="#101418" stroke="#666" stroke-width="3"/>
<rect x="384" y="244" width="60" height="8" fill="#74d0a8"/><circle cx="476" cy="254" r="10" fill="#333" stroke="#888" stroke-width="2"/>`
    : `<rect x="340" y="176" width="250" height="118" rx="12" fill="#0d1319" stroke="#4d555e" stroke-width="4"/>
<rect x="352" y="188" width="226" height="94" rx="6" fill="#1d4c78"/>
<path d="M366,262 Q420,214 470,240 T564,214" stroke="#8cc8f0" stroke-width="4" fill="none"/>
<rect x="366" y="200" width="86" height="10" rx="3" fill="#b9dcf6"/>`;
  const cluster = work
    ? `<rect x="150" y="214" width="168" height="70" rx="30" fill="#111"/>
<circle cx="198" cy="249" r="26" fill="#1c1c1c" stroke="#ddd" stroke-width="3"/><line x1="198" y1="249" x2="214" y2="236" stroke="#e8491d" stroke-width="3"/>
<circle cx="270" cy="249" r="26" fill="#1c1c1c" stroke="#ddd" stroke-width="3"/><line x1="270" y1="249" x2="258" y2="234" stroke="#e8491d" stroke-width="3"/>`
    : `<rect x="150" y="212" width="170" height="66" rx="10" fill="#0d1319" stroke="#444" stroke-width="3"/>
<text x="235" y="254" font-size="26" fill="#cfe7ff" text-anchor="middle" font-family="sans-serif">68</text>
<rect x="166" y="226" width="40" height="5" fill="#6fc1ff"/><rect x="266" y="226" width="40" height="5" fill="#e46d2c"/>`;
  const vents = [600, 660, 720]
    .map(
      (x) =>
        `<rect x="${x - (work ? 10 : 0)}" y="${work ? 300 : 240}" width="46" height="20" rx="6" fill="#1b1e22"/>`,
    )
    .join('');
  const selector = work
    ? `<line x1="440" y1="500" x2="452" y2="380" stroke="#222" stroke-width="10"/><circle cx="452" cy="376" r="18" fill="#333"/>`
    : `<rect x="390" y="380" width="110" height="120" rx="18" fill="#23272d"/><rect x="430" y="398" width="30" height="44" rx="10" fill="#5a616a"/>`;
  return `<rect width="800" height="500" fill="#cfd5db"/>
<path d="M0,0 L800,0 L800,150 Q400,110 0,150 Z" fill="#dfe8ef"/>
<path d="M0,168 Q400,128 800,168 L800,500 L0,500 Z" fill="${dash}"/>
<path d="M0,300 Q400,262 800,300 L800,330 Q400,292 0,330 Z" fill="${trim}" opacity="0.75"/>
${cluster}${screen}${vents}${selector}
<circle cx="235" cy="352" r="112" fill="none" stroke="#15181c" stroke-width="24"/>
<circle cx="235" cy="352" r="36" fill="#15181c"/><circle cx="235" cy="352" r="14" fill="#444a52"/>
<path d="M130,352 L200,352 M270,352 L340,352 M235,388 L235,462" stroke="#15181c" stroke-width="20" stroke-linecap="round"/>`;
}

/** The open bonnet from the front: the engine (or motor) between the wheel towers, fluids, battery. */
export function bayView(drive: Drive, paint: Paint): string {
  const block =
    drive === 'motor'
      ? `<rect x="270" y="220" width="260" height="130" rx="26" fill="#4b525a" stroke="#2e3338" stroke-width="6"/>
<rect x="300" y="196" width="200" height="40" rx="10" fill="#f07a1a"/>
<text x="400" y="222" font-size="20" fill="#fff" text-anchor="middle" font-family="Noto Sans CJK SC, sans-serif">高压 · 电驱系统</text>
<path d="M270,300 Q200,320 180,380 M530,300 Q600,320 620,380" stroke="#f07a1a" stroke-width="14" fill="none"/>
<rect x="330" y="250" width="140" height="70" rx="10" fill="#5d666f"/>`
      : `<rect x="250" y="190" width="300" height="170" rx="18" fill="#5d646c" stroke="#3a3f45" stroke-width="6"/>
<g fill="#80888f">${[280, 340, 400, 460].map((x) => `<rect x="${x}" y="208" width="48" height="132" rx="10"/>`).join('')}</g>
<rect x="262" y="176" width="276" height="22" rx="8" fill="#2f3338"/>
<circle cx="214" cy="262" r="26" fill="#22262a" stroke="#555" stroke-width="4"/>` +
        (drive === 'hybrid'
          ? `<path d="M550,300 Q640,300 660,380" stroke="#f07a1a" stroke-width="14" fill="none"/><rect x="560" y="330" width="90" height="60" rx="8" fill="#f07a1a" opacity="0.85"/>`
          : '');
  return `<rect width="800" height="500" fill="#1d2024"/>
<path d="M40,30 L760,30 L700,112 L100,112 Z" fill="${paint.base}" stroke="${paint.dark}" stroke-width="4"/>
<path d="M100,122 L700,122 L770,480 L30,480 Z" fill="#2b2f35"/>
<path d="M100,122 L160,480 L30,480 Z M700,122 L640,480 L770,480 Z" fill="${paint.dark}" opacity="0.9"/>
${block}
<rect x="580" y="150" width="110" height="74" rx="6" fill="#1b1b1b"/><rect x="596" y="140" width="20" height="12" fill="#c0392b"/><rect x="654" y="140" width="20" height="12" fill="#333"/>
<circle cx="160" cy="196" r="30" fill="#e6d36a"/><circle cx="160" cy="196" r="14" fill="#b79f2c"/>
<rect x="120" y="380" width="100" height="70" rx="12" fill="#d0d7dd" opacity="0.85"/>
<rect x="120" y="452" width="560" height="22" rx="6" fill="#3a3e44"/>`;
}

/** One seat back with its headrest, centred at `cx`, seen from behind or in front. */
function seatBack(cx: number, top: number, w: number, fill: string, stitch: string, facing: boolean) {
  const h = 230;
  return `<rect x="${cx - 26}" y="${top - 62}" width="52" height="56" rx="14" fill="${fill}" stroke="${stitch}" stroke-width="2"/>
<rect x="${cx - 6}" y="${top - 12}" width="4" height="16" fill="#8a8f96"/><rect x="${cx + 4}" y="${top - 12}" width="4" height="16" fill="#8a8f96"/>
<path d="M${cx - w / 2},${top + h} L${cx - w / 2 + 10},${top + 20} Q${cx},${top - 6} ${cx + w / 2 - 10},${top + 20} L${cx + w / 2},${top + h} Z" fill="${fill}" stroke="${stitch}" stroke-width="2"/>
${
  facing
    ? [0.3, 0.55]
        .map(
          (t) =>
            `<line x1="${cx - w / 2 + 16}" y1="${top + h * t}" x2="${cx + w / 2 - 16}" y2="${top + h * t}" stroke="${stitch}" stroke-width="2"/>`,
        )
        .join('')
    : `<rect x="${cx - w / 2 + 26}" y="${top + 70}" width="${w - 52}" height="70" rx="8" fill="none" stroke="${stitch}" stroke-width="2"/>`
}`;
}

/**
 * 前排座椅, from the back seat: two seat backs, the centre console between them and the dash beyond.
 * Vans and pickups get cloth in grey; the others leather in a tone that follows the paint.
 */
export function frontSeatsView(body: BodyType, paint: Paint): string {
  const work = WORK.includes(body);
  const fill = work ? '#6a6e73' : '#3b3633';
  const stitch = work ? '#55595e' : paint.light;
  return `<rect width="800" height="500" fill="#cfd5db"/>
<path d="M0,0 L800,0 L800,140 Q400,104 0,140 Z" fill="#dfe8ef"/>
<path d="M0,150 Q400,118 800,150 L800,260 L0,260 Z" fill="#2e3238"/>
<rect x="336" y="170" width="128" height="58" rx="8" fill="#0d1319" stroke="#4d555e" stroke-width="3"/>
<path d="M0,250 L800,250 L800,500 L0,500 Z" fill="#24272b"/>
<rect x="352" y="300" width="96" height="200" rx="16" fill="#1b1e22"/><rect x="372" y="318" width="56" height="38" rx="8" fill="#33373d"/>
${seatBack(210, 214, 230, fill, stitch, false)}${seatBack(590, 214, 230, fill, stitch, false)}`;
}

/** 后排座椅, from the front: a bench with three headrests and the door cards either side. */
export function rearSeatsView(body: BodyType, paint: Paint): string {
  const work = WORK.includes(body);
  const fill = work ? '#6a6e73' : '#3b3633';
  const stitch = work ? '#55595e' : paint.light;
  const seats = work ? [400] : [236, 400, 564];
  return `<rect width="800" height="500" fill="#bcc3ca"/>
<path d="M0,0 L800,0 L800,120 Q400,96 0,120 Z" fill="#d7dee5"/>
<path d="M40,130 L760,130 L730,200 L70,200 Z" fill="#8fa3b4" opacity="0.8"/>
<path d="M0,120 L90,120 L120,500 L0,500 Z M800,120 L710,120 L680,500 L800,500 Z" fill="#2f3338"/>
<rect x="96" y="420" width="608" height="80" rx="10" fill="#3a3e44"/>
${seats.map((cx) => seatBack(cx, 244, work ? 460 : 166, fill, stitch, true)).join('')}
<rect x="120" y="420" width="560" height="40" rx="16" fill="${fill}" stroke="${stitch}" stroke-width="2"/>`;
}
