import {
  archPoints,
  archRadius,
  GROUND,
  pathOf,
  rounded,
  sideOutline,
  type Pt,
  type SideShape,
} from './demo-car-shapes';

export interface Paint {
  base: string;
  dark: string;
  light: string;
}

/** A wheel as drawn: centre and radii on the canvas. */
export interface Wheel {
  cx: number;
  cy: number;
  rx: number;
  ry: number;
}

/** What a view drew: its SVG and, for the geometry test, the body outline and the wheels. */
export interface Drawn {
  svg: string;
  body: Pt[];
  wheels: Wheel[];
}

const f = (n: number) => n.toFixed(1);

function wheelSvg(w: Wheel) {
  const spokes = Array.from({ length: 5 }, (_, i) => {
    const a = (i * 2 * Math.PI) / 5 - Math.PI / 2;
    return `<line x1="${f(w.cx)}" y1="${f(w.cy)}" x2="${f(w.cx + Math.cos(a) * w.rx * 0.6)}" y2="${f(w.cy + Math.sin(a) * w.ry * 0.6)}"/>`;
  }).join('');
  return (
    `<ellipse cx="${f(w.cx)}" cy="${f(w.cy)}" rx="${f(w.rx)}" ry="${f(w.ry)}" fill="#1c1e21"/>` +
    `<ellipse cx="${f(w.cx)}" cy="${f(w.cy)}" rx="${f(w.rx * 0.66)}" ry="${f(w.ry * 0.66)}" fill="#c4c9ce" stroke="#8e959c" stroke-width="2"/>` +
    `<g stroke="#7d848b" stroke-width="${f(w.rx * 0.12)}" stroke-linecap="round">${spokes}</g>` +
    `<ellipse cx="${f(w.cx)}" cy="${f(w.cy)}" rx="${f(w.rx * 0.16)}" ry="${f(w.ry * 0.16)}" fill="#50565c"/>`
  );
}

const shadow = (cx: number, rx: number, y = GROUND + 2) =>
  `<ellipse cx="${f(cx)}" cy="${y}" rx="${f(rx)}" ry="14" fill="#000" opacity="0.2"/>`;

/** The side (正侧面): silhouette, glass, door seams, handles, lamps, mirror, wheels in their arches. */
export function sideView(s: SideShape, paint: Paint): Drawn {
  const body = sideOutline(s);
  const cy = GROUND - s.r;
  const wheels = s.axles.map((cx) => ({ cx, cy, rx: s.r, ry: s.r }));
  const xs = body.map((p) => p[0]);
  const [minX, maxX] = [Math.min(...xs), Math.max(...xs)];
  const nose = s.top[2] as Pt;
  const tail = s.top[s.top.length - 2] as Pt;
  const seams = s.doors
    .map(
      (x) =>
        `<line x1="${x}" y1="${s.belt - 2}" x2="${x + 4}" y2="${s.sill - 8}" stroke="${paint.dark}" stroke-width="2" opacity="0.8"/>` +
        `<rect x="${x - 40}" y="${s.belt + 10}" width="22" height="6" rx="3" fill="${paint.dark}"/>`,
    )
    .join('');
  const svg = `${shadow((minX + maxX) / 2, (maxX - minX) / 2 + 10)}
<path d="${pathOf(body)}" fill="url(#paint)" stroke="${paint.dark}" stroke-width="2.5"/>
${s.glass.map((g) => `<path d="${pathOf(rounded(g, 0.2))}" fill="url(#glass)" stroke="#1b2229" stroke-width="2"/>`).join('')}
<line x1="${minX + 12}" y1="${s.belt + 24}" x2="${maxX - 14}" y2="${s.belt + 24}" stroke="${paint.light}" stroke-width="3" opacity="0.7"/>
${seams}
<path d="M${s.glass[0]?.[0]?.[0] ?? 0},${s.belt - 4} l-26,-4 l-4,14 l26,2 Z" fill="${paint.dark}"/>
<rect x="${f(nose[0] - 4)}" y="${f(nose[1] + 4)}" width="34" height="12" rx="5" fill="#f3ecc8" stroke="${paint.dark}"/>
<rect x="${f(tail[0] - 26)}" y="${f(tail[1] + 4)}" width="28" height="12" rx="4" fill="#c0242b"/>
<path d="M${minX + 6},${s.sill - 14} L${s.axles[0] - archRadius(s) - 4},${s.sill - 14}" stroke="#2a2d31" stroke-width="8" opacity="0.55"/>
${s.axles.map((ax) => `<path d="${pathOf(archPoints(s, ax))}" fill="#17191c"/>`).join('')}
${wheels.map(wheelSvg).join('')}`;
  return { svg, body, wheels };
}

/**
 * The same car seen from its right side, tail to the left: every point mirrored across the canvas
 * and the roof line read from the tail, so the indices that name the windscreen and roof name the
 * rear glass and roof from behind. The rear-¾ view is the front-¾ drawing of this shape.
 */
function fromBehind(s: SideShape): SideShape {
  const W = 800;
  const m = ([x, y]: Pt): Pt => [W - x, y];
  const last = s.top.length - 1;
  return {
    ...s,
    top: [...s.top].reverse().map(m),
    axles: [W - s.axles[1], W - s.axles[0]],
    glass: s.glass.map((g) => g.map(m)),
    doors: s.doors.map((x) => W - x),
    cowl: last - (s.roofRear + 1),
    roofFront: last - s.roofRear,
    roofRear: last - s.roofFront,
  };
}

/** 左前45°: the front-¾ view (see threeQuarter). */
export const frontThreeQuarter = (s: SideShape, paint: Paint): Drawn => threeQuarter(s, paint, 'front');

/** 右后45°: the right side receding from the tail, with the rear face, boot lid, rear glass and roof. */
export const rearThreeQuarter = (s: SideShape, paint: Paint): Drawn =>
  threeQuarter(fromBehind(s), paint, 'rear');

/**
 * A ¾ view: the side turned away (foreshortened and sloping up away from the near end) with the near
 * end's face, lid, glass and roof swept back from it. Every side point and both near wheels go
 * through the same transform, so the wheels stay in their arches. The front end shows headlamps and
 * a grille; the rear end tail lamps and the number plate.
 */
function threeQuarter(s: SideShape, paint: Paint, end: 'front' | 'rear'): Drawn {
  const a = 0.7;
  const slope = -0.1;
  const T = ([x, y]: Pt): Pt => [250 + a * x, 24 + y + slope * (x - 80)];
  const side = sideOutline(s).map(T);
  const cy = GROUND - s.r;
  const wheels = s.axles.map((x) => {
    const [cx, wy] = T([x, cy]);
    return { cx, cy: wy, rx: s.r * a + 4, ry: s.r };
  });
  // The far edge of the front: up and to the left of the nose, by the car's foreshortened width.
  const v: Pt = [-s.faceDepth, -s.faceDepth * 0.32];
  const sh = (p: Pt): Pt => [p[0] + v[0], p[1] + v[1]];
  const top = s.top.map(T);
  const [foot, nose, hoodFront] = [top[0], top[1], top[2]] as [Pt, Pt, Pt];
  const cowl = top[s.cowl] as Pt;
  const roofFront = top[s.roofFront] as Pt;
  const roofRear = top[s.roofRear] as Pt;
  const face = [foot, nose, hoodFront, sh(hoodFront), sh(nose), sh(foot)];
  const hood = [...top.slice(2, s.cowl + 1), sh(cowl), sh(hoodFront)];
  const pillar = top.slice(s.cowl, s.roofFront + 1);
  const screen = [...pillar, ...pillar.map(sh).reverse()];
  const roof = [roofFront, roofRear, sh(roofRear), sh(roofFront)];
  const lerp = (p: Pt, q: Pt, t: number): Pt => [p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t];
  const lampNear = [lerp(hoodFront, sh(hoodFront), 0.04), lerp(hoodFront, sh(hoodFront), 0.3)];
  const lampFar = [lerp(hoodFront, sh(hoodFront), 0.7), lerp(hoodFront, sh(hoodFront), 0.96)];
  const lampFill = end === 'front' ? '#f3ecc8' : '#b3121b';
  const lamp = ([p, q]: Pt[]) =>
    `<path d="${pathOf([p as Pt, q as Pt, [q![0], q![1] + 14], [p![0], p![1] + 16]])}" fill="${lampFill}" stroke="${paint.dark}" stroke-width="1.5"/>`;
  const grille = [0.3, 0.7].map((t) =>
    lerp(lerp(nose, hoodFront, 0.35), lerp(sh(nose), sh(hoodFront), 0.35), t),
  );
  const [g0, g1] = grille as [Pt, Pt];
  const body = [...side, ...face];
  const glassSvg = s.glass
    .map(
      (g) =>
        `<path d="${pathOf(rounded(g, 0.2).map(T))}" fill="url(#glass)" stroke="#1b2229" stroke-width="2"/>`,
    )
    .join('');
  const svg = `${(() => {
    // The shadow lies along the wheels' ground line, which slopes up towards the tail.
    const [w0, w1] = wheels as [Wheel, Wheel];
    const [x0, y0, x1, y1] = [w0.cx, w0.cy + w0.ry, w1.cx, w1.cy + w1.ry];
    const deg = (Math.atan2(y1 - y0, x1 - x0) * 180) / Math.PI;
    return `<ellipse cx="${f((x0 + x1) / 2 - 40)}" cy="${f((y0 + y1) / 2 + 2)}" rx="${f((x1 - x0) / 2 + 170)}" ry="16" fill="#000" opacity="0.2" transform="rotate(${f(deg)} ${f((x0 + x1) / 2 - 40)} ${f((y0 + y1) / 2 + 2)})"/>`;
  })()}
<path d="${pathOf(roof)}" fill="${paint.light}" stroke="${paint.dark}" stroke-width="2"/>
<path d="${pathOf(screen)}" fill="url(#glass)" stroke="${paint.dark}" stroke-width="2"/>
<path d="${pathOf(hood)}" fill="${paint.light}" stroke="${paint.dark}" stroke-width="2"/>
<path d="${pathOf(side)}" fill="url(#paint)" stroke="${paint.dark}" stroke-width="2.5"/>
${glassSvg}
${s.axles.map((ax) => `<path d="${pathOf(archPoints(s, ax).map(T))}" fill="#17191c"/>`).join('')}
<path d="${pathOf(face)}" fill="${paint.base}" stroke="${paint.dark}" stroke-width="2.5"/>
${lamp(lampNear)}${lamp(lampFar)}
${
  end === 'front'
    ? `<path d="${pathOf([g0, g1, [g1[0], g1[1] + 22], [g0[0], g0[1] + 24]])}" fill="#23272c" stroke="${paint.dark}"/>`
    : `<path d="${pathOf([lerp(g0, g1, 0.12), lerp(g0, g1, 0.88), [lerp(g0, g1, 0.88)[0], lerp(g0, g1, 0.88)[1] + 20], [lerp(g0, g1, 0.12)[0], lerp(g0, g1, 0.12)[1] + 21]])}" fill="#1f4aa8" stroke="#f2f2f2" stroke-width="2"/>`
}
<path d="${pathOf([lerp(foot, nose, 0.25), lerp(sh(foot), sh(nose), 0.25), sh(foot), foot])}" fill="#2a2d31" opacity="0.7"/>
${wheels.map(wheelSvg).join('')}`;
  return { svg, body, wheels };
}

/** 车尾: the body's back, tumblehome above the belt, rear glass, lamps, plate, tyres under the body. */
export function rearView(s: SideShape, paint: Paint, kind: string): Drawn {
  const { half, roofHalf, roof, belt, sill } = s.rear;
  const cx = 400;
  const outline: Pt[] = rounded(
    [
      [cx - half + 6, sill],
      [cx - half, belt + 40],
      [cx - half + 10, belt],
      [cx - roofHalf, roof + 10],
      [cx - roofHalf + 16, roof],
      [cx + roofHalf - 16, roof],
      [cx + roofHalf, roof + 10],
      [cx + half - 10, belt],
      [cx + half, belt + 40],
      [cx + half - 6, sill],
    ],
    0.3,
  );
  const track = half - s.r * 0.75 - 8;
  const tyreH = s.r * 0.9;
  const wheels = [-1, 1].map((k) => ({
    cx: cx + k * track,
    cy: GROUND - tyreH / 2,
    rx: s.r * 0.5,
    ry: tyreH / 2,
  }));
  const glassTop = roof + 14;
  const glassBottom = kind === 'pickup' ? belt - 6 : belt - 8;
  const gw = roofHalf - 18;
  const glass = [
    [cx - gw, glassTop],
    [cx + gw, glassTop],
    [cx + gw + (kind === 'van' ? 0 : 18), glassBottom],
    [cx - gw - (kind === 'van' ? 0 : 18), glassBottom],
  ] as Pt[];
  const lampW = kind === 'van' || kind === 'pickup' ? 30 : 96;
  const lampH = kind === 'van' || kind === 'pickup' ? 70 : 26;
  const lampY = kind === 'van' || kind === 'pickup' ? belt + 10 : belt + 16;
  const lamps = [-1, 1]
    .map((k) => {
      const x = k < 0 ? cx - half + 8 : cx + half - 8 - lampW;
      return `<rect x="${f(x)}" y="${f(lampY)}" width="${lampW}" height="${lampH}" rx="8" fill="#b3121b" stroke="#6d0a10" stroke-width="2"/>`;
    })
    .join('');
  const light =
    kind === 'sedan'
      ? `<rect x="${cx - half + 40}" y="${belt + 22}" width="${2 * half - 80}" height="5" fill="#d8363d"/>`
      : '';
  const split =
    kind === 'van'
      ? `<line x1="${cx}" y1="${roof + 6}" x2="${cx}" y2="${sill - 30}" stroke="${paint.dark}" stroke-width="3"/>`
      : kind === 'pickup'
        ? `<rect x="${cx - half + 46}" y="${belt + 4}" width="${2 * half - 92}" height="${sill - belt - 50}" rx="6" fill="none" stroke="${paint.dark}" stroke-width="3"/>`
        : `<path d="M${cx - half + 30},${belt + 2} L${cx + half - 30},${belt + 2}" stroke="${paint.dark}" stroke-width="2" opacity="0.7"/>`;
  const svg = `${shadow(cx, half + 30)}
${wheels.map((w) => `<rect x="${f(w.cx - w.rx)}" y="${f(w.cy - w.ry)}" width="${f(2 * w.rx)}" height="${f(2 * w.ry)}" rx="10" fill="#1c1e21"/>`).join('')}
<path d="${pathOf(outline)}" fill="url(#paint)" stroke="${paint.dark}" stroke-width="3"/>
<path d="${pathOf(rounded(glass, 0.15))}" fill="url(#glass)" stroke="#1b2229" stroke-width="2"/>
${split}${lamps}${light}
<rect x="${cx - 50}" y="${sill - 62}" width="100" height="30" rx="3" fill="#1f4aa8" stroke="#f2f2f2" stroke-width="2"/>
<rect x="${cx - half + 4}" y="${sill - 26}" width="${2 * half - 8}" height="24" rx="8" fill="${paint.dark}"/>`;
  return { svg, body: outline, wheels };
}
