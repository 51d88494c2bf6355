// Generated artwork: brand monograms and body-type silhouettes. No trademark or photo is shipped.

const escapeXml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );

/** A stable, saturated colour from a name (FNV-1a → hue). */
export function colorFromName(name: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < name.length; i += 1) hash = Math.imul(hash ^ name.charCodeAt(i), 0x01000193);
  const hue = (hash >>> 0) % 360;
  return `hsl(${hue}, 58%, 38%)`;
}

/** The brand's first character, or its first two letters for a Latin name ('MG', 'Sm'). */
export function monogramText(name: string): string {
  const trimmed = name.trim();
  if (/^[A-Za-z]/.test(trimmed)) return trimmed.replace(/[^A-Za-z]/g, '').slice(0, 2) || trimmed.charAt(0);
  return Array.from(trimmed)[0] ?? '?';
}

export function brandMonogramSvg(name: string, text?: string | null, color?: string | null): string {
  const label = escapeXml(text || monogramText(name));
  const fill = escapeXml(color || colorFromName(name));
  const size = Array.from(label).length > 1 ? 30 : 40;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="80" height="80" viewBox="0 0 80 80" role="img" aria-label="${escapeXml(name)}">
<circle cx="40" cy="40" r="38" fill="${fill}"/>
<circle cx="40" cy="40" r="33" fill="none" stroke="#fff" stroke-opacity="0.45" stroke-width="2"/>
<text x="40" y="41" text-anchor="middle" dominant-baseline="central" font-family="PingFang SC, Microsoft YaHei, Noto Sans CJK SC, sans-serif" font-size="${size}" font-weight="700" fill="#fff">${label}</text>
</svg>`;
}

// Side views in a 240×120 box, wheels drawn separately; one outline per body type.
const BODIES: Record<string, { path: string; wheels: [number, number] }> = {
  sedan: {
    path: 'M14 86 L20 70 Q44 64 64 62 L88 44 Q104 36 132 36 L158 38 Q172 40 188 58 L214 64 Q228 68 228 80 L226 88 Z',
    wheels: [60, 182],
  },
  hatch: {
    path: 'M16 86 L22 68 Q44 62 62 60 L90 40 Q106 32 146 34 L192 40 Q204 52 208 66 Q214 72 214 86 Z',
    wheels: [60, 176],
  },
  suv: {
    path: 'M14 88 L16 64 Q30 56 56 54 L80 32 Q92 26 150 26 L200 30 Q214 44 220 58 Q228 62 228 78 L226 88 Z',
    wheels: [62, 184],
  },
  mpv: {
    path: 'M14 88 L16 62 Q24 50 50 44 L74 24 Q86 18 200 20 Q218 24 222 50 L226 78 L224 88 Z',
    wheels: [60, 186],
  },
  wagon: {
    path: 'M14 86 L20 70 Q44 64 64 60 L88 42 Q104 34 140 34 L206 36 Q216 50 220 64 Q228 68 228 80 L226 86 Z',
    wheels: [60, 184],
  },
  sport: {
    path: 'M10 88 L14 76 Q40 68 70 64 L104 46 Q122 40 150 42 L176 50 Q196 60 222 66 Q232 70 232 82 L230 88 Z',
    wheels: [58, 188],
  },
};

export function bodyKind(bodyType: string): keyof typeof BODIES {
  if (/SUV|越野/.test(bodyType)) return 'suv';
  if (/MPV/.test(bodyType)) return 'mpv';
  if (/旅行/.test(bodyType)) return 'wagon';
  if (/跑车/.test(bodyType)) return 'sport';
  if (/两厢|掀背/.test(bodyType)) return 'hatch';
  return 'sedan';
}

export function seriesSilhouetteSvg(seriesName: string, bodyType: string, color?: string | null): string {
  const body = BODIES[bodyKind(bodyType)] ?? BODIES.sedan;
  const fill = escapeXml(color || colorFromName(seriesName));
  const wheel = (x: number) =>
    `<circle cx="${x}" cy="88" r="17" fill="#2b2f36"/><circle cx="${x}" cy="88" r="8" fill="#c9ced6"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="120" viewBox="0 0 240 120" role="img" aria-label="${escapeXml(seriesName)}（示意图）">
<rect width="240" height="120" fill="#f4f6f9"/>
<ellipse cx="120" cy="106" rx="104" ry="6" fill="#000" fill-opacity="0.08"/>
<path d="${body?.path ?? ''}" fill="${fill}"/>
${wheel(body?.wheels[0] ?? 60)}${wheel(body?.wheels[1] ?? 180)}
</svg>`;
}
