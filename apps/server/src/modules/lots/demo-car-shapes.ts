import type { BodyType } from '@chepai/shared/contracts/lot-enums';

/** A point on the 800×500 canvas; the ground is at y = GROUND. */
export type Pt = readonly [number, number];
export const GROUND = 410;

/**
 * A body type's side silhouette, nose to the left: the roof line from the front bumper's foot to
 * the rear bumper's foot (`top`), the axles, the wheel radius and the sill height; the window
 * openings; where the doors split. Scaled from typical dimensions (a 4.7 m sedan is 640 px long).
 */
export interface SideShape {
  top: Pt[];
  axles: readonly [number, number];
  r: number;
  sill: number;
  glass: Pt[][];
  doors: number[];
  belt: number;
  /** Rear view: half width of the body, the roof and the body's height above the ground. */
  rear: { half: number; roofHalf: number; roof: number; belt: number; sill: number };
  /** Front-¾ view: the depth of the front face (car width, foreshortened). */
  faceDepth: number;
  /** Indices into `top`: where the windscreen starts and where the roof begins and ends. */
  cowl: number;
  roofFront: number;
  roofRear: number;
}

export const SHAPES: Record<BodyType, SideShape> = {
  sedan: {
    top: [
      [84, 388],
      [80, 352],
      [88, 322],
      [150, 314],
      [300, 300],
      [392, 230],
      [520, 226],
      [626, 292],
      [712, 300],
      [720, 340],
      [716, 388],
    ],
    axles: [212, 594],
    r: 42,
    sill: 386,
    glass: [
      [
        [314, 298],
        [394, 240],
        [452, 238],
        [452, 298],
      ],
      [
        [464, 238],
        [516, 236],
        [604, 294],
        [464, 298],
      ],
    ],
    doors: [458, 318],
    belt: 304,
    rear: { half: 200, roofHalf: 128, roof: 226, belt: 300, sill: 386 },
    faceDepth: 150,
    cowl: 4,
    roofFront: 5,
    roofRear: 6,
  },
  hatchback: {
    top: [
      [104, 388],
      [100, 354],
      [108, 322],
      [160, 314],
      [296, 300],
      [384, 232],
      [566, 228],
      [652, 252],
      [676, 300],
      [684, 346],
      [680, 388],
    ],
    axles: [226, 572],
    r: 41,
    sill: 386,
    glass: [
      [
        [310, 298],
        [386, 242],
        [460, 240],
        [460, 298],
      ],
      [
        [472, 240],
        [560, 238],
        [624, 262],
        [630, 296],
        [472, 298],
      ],
    ],
    doors: [466, 322],
    belt: 302,
    rear: { half: 192, roofHalf: 140, roof: 228, belt: 304, sill: 386 },
    faceDepth: 146,
    cowl: 4,
    roofFront: 5,
    roofRear: 6,
  },
  suv: {
    top: [
      [84, 380],
      [80, 326],
      [90, 294],
      [150, 286],
      [282, 276],
      [372, 198],
      [626, 192],
      [700, 206],
      [722, 256],
      [728, 326],
      [724, 380],
    ],
    axles: [218, 606],
    r: 50,
    sill: 374,
    glass: [
      [
        [298, 272],
        [376, 208],
        [460, 206],
        [460, 272],
      ],
      [
        [472, 206],
        [580, 204],
        [580, 272],
        [472, 272],
      ],
      [
        [592, 204],
        [622, 204],
        [690, 214],
        [704, 260],
        [592, 268],
      ],
    ],
    doors: [466, 586, 316],
    belt: 280,
    rear: { half: 206, roofHalf: 160, roof: 194, belt: 282, sill: 374 },
    faceDepth: 162,
    cowl: 4,
    roofFront: 5,
    roofRear: 6,
  },
  mpv: {
    top: [
      [74, 384],
      [70, 330],
      [82, 294],
      [150, 280],
      [214, 266],
      [306, 180],
      [680, 170],
      [716, 186],
      [726, 250],
      [730, 330],
      [726, 384],
    ],
    axles: [196, 616],
    r: 46,
    sill: 380,
    glass: [
      [
        [228, 262],
        [308, 190],
        [390, 188],
        [390, 262],
      ],
      [
        [402, 186],
        [560, 184],
        [560, 260],
        [402, 260],
      ],
      [
        [572, 184],
        [672, 182],
        [704, 196],
        [712, 252],
        [572, 256],
      ],
    ],
    doors: [396, 566, 240],
    belt: 268,
    rear: { half: 206, roofHalf: 178, roof: 172, belt: 262, sill: 380 },
    faceDepth: 164,
    cowl: 4,
    roofFront: 5,
    roofRear: 6,
  },
  van: {
    top: [
      [84, 386],
      [80, 320],
      [90, 282],
      [146, 258],
      [196, 170],
      [236, 150],
      [712, 148],
      [722, 160],
      [722, 386],
    ],
    axles: [200, 604],
    r: 40,
    sill: 384,
    glass: [
      [
        [150, 254],
        [198, 176],
        [238, 162],
        [306, 162],
        [306, 254],
      ],
      [
        [320, 164],
        [430, 164],
        [430, 232],
        [320, 232],
      ],
    ],
    doors: [312, 440, 166],
    belt: 258,
    rear: { half: 200, roofHalf: 190, roof: 148, belt: 250, sill: 384 },
    faceDepth: 158,
    cowl: 3,
    roofFront: 5,
    roofRear: 6,
  },
  pickup: {
    top: [
      [64, 376],
      [60, 320],
      [70, 284],
      [140, 276],
      [250, 268],
      [330, 196],
      [462, 192],
      [484, 202],
      [486, 268],
      [736, 266],
      [740, 320],
      [738, 376],
    ],
    axles: [196, 614],
    r: 50,
    sill: 372,
    glass: [
      [
        [264, 264],
        [334, 206],
        [398, 204],
        [398, 264],
      ],
      [
        [410, 204],
        [460, 202],
        [474, 212],
        [476, 264],
        [410, 264],
      ],
    ],
    doors: [404, 278],
    belt: 270,
    rear: { half: 208, roofHalf: 150, roof: 192, belt: 266, sill: 372 },
    faceDepth: 164,
    cowl: 4,
    roofFront: 5,
    roofRear: 6,
  },
};

/** Points along a quadratic curve, for rounding a corner of a polyline. */
function quad(p0: Pt, c: Pt, p1: Pt, n = 6): Pt[] {
  return Array.from({ length: n + 1 }, (_, i) => {
    const t = i / n;
    const u = 1 - t;
    return [
      u * u * p0[0] + 2 * u * t * c[0] + t * t * p1[0],
      u * u * p0[1] + 2 * u * t * c[1] + t * t * p1[1],
    ];
  });
}

/** Rounds every inner corner of a polyline by `k` of its shorter neighbouring edge. */
export function rounded(points: Pt[], k = 0.35): Pt[] {
  const out: Pt[] = [points[0] as Pt];
  for (let i = 1; i < points.length - 1; i++) {
    const [a, b, c] = [points[i - 1], points[i], points[i + 1]] as [Pt, Pt, Pt];
    const cut = (p: Pt, q: Pt): Pt => [q[0] + (p[0] - q[0]) * k, q[1] + (p[1] - q[1]) * k];
    out.push(...quad(cut(a, b), b, cut(c, b)));
  }
  out.push(points[points.length - 1] as Pt);
  return out;
}

/** The wheel-arch radius: the tyre plus a visible gap. */
export const archRadius = (s: SideShape) => s.r + 7;

/** The arch over the wheel at `ax`, from its rear foot on the sill over the top to its front foot. */
export function archPoints(s: SideShape, ax: number): Pt[] {
  const R = archRadius(s);
  const cy = GROUND - s.r;
  const drop = s.sill - cy;
  const half = Math.sqrt(Math.max(R * R - drop * drop, 0));
  const from = Math.atan2(drop, half);
  const sweep = Math.PI + 2 * from;
  return Array.from({ length: 17 }, (_, i): Pt => {
    const a = from - (sweep * i) / 16;
    return [ax + R * Math.cos(a), cy + R * Math.sin(a)];
  });
}

/**
 * The side outline as one closed polygon: the rounded roof line, then the underside from the tail
 * to the nose with a half-round arch cut over each wheel.
 */
export function sideOutline(s: SideShape): Pt[] {
  const under = [...s.axles].reverse().flatMap((ax) => archPoints(s, ax));
  return [...rounded(s.top), ...under];
}

export const pathOf = (pts: readonly Pt[]) =>
  `M${pts.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' L')} Z`;

/** Even-odd point-in-polygon. */
export function inside(p: Pt, poly: readonly Pt[]): boolean {
  let hit = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i] as Pt;
    const [xj, yj] = poly[j] as Pt;
    if (yi > p[1] !== yj > p[1] && p[0] < ((xj - xi) * (p[1] - yi)) / (yj - yi) + xi) hit = !hit;
  }
  return hit;
}
