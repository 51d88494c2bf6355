import { BODY_TYPES } from '@chepai/shared/contracts/lot-enums';
import { describe, expect, it } from 'vitest';
import { generateLot } from '../../db/seed/lot-generator';
import { SERIES } from '../../db/seed/lot-data';
import { GROUND, inside } from './demo-car-shapes';
import { drawDemoView, PAINTS, PHOTO_VIEWS, renderDemoPhoto } from './demo-photos';

const OUTSIDE_VIEWS = ['front34', 'side', 'rear34', 'rear'] as const;
const colours = Object.values(PAINTS).map((p) => p.key);

describe('demo car pictures: geometry', () => {
  describe.each(BODY_TYPES.flatMap((body) => OUTSIDE_VIEWS.map((view) => [body, view] as const)))(
    '%s %s',
    (body, view) => {
      const drawn = drawDemoView(body, 'blue', view);
      if (!drawn) throw new Error('not drawn');
      const xs = drawn.body.map((p) => p[0]);
      const [minX, maxX] = [Math.min(...xs), Math.max(...xs)];

      it('draws two wheels, each within the length of the body', () => {
        expect(drawn.wheels).toHaveLength(2);
        for (const w of drawn.wheels) {
          expect(w.cx - w.rx).toBeGreaterThanOrEqual(minX);
          expect(w.cx + w.rx).toBeLessThanOrEqual(maxX);
        }
      });

      it('tucks each wheel into its arch: within 10 px above the tyre is body, its centre is not', () => {
        for (const w of drawn.wheels) {
          expect(inside([w.cx, w.cy - w.ry - 10], drawn.body), `above wheel at ${w.cx}`).toBe(true);
          expect(inside([w.cx, w.cy], drawn.body), `centre of wheel at ${w.cx}`).toBe(false);
        }
      });

      it('stands the wheels on the ground (the side and rear views)', () => {
        if (view === 'front34' || view === 'rear34') return;
        for (const w of drawn.wheels) expect(Math.abs(w.cy + w.ry - GROUND)).toBeLessThanOrEqual(1);
      });
    },
  );

  it('rejects a body, colour or view it does not draw', () => {
    expect(renderDemoPhoto('sedan-blue-side')).toMatch(/^<svg/);
    expect(renderDemoPhoto('tank-blue-side')).toBeNull();
    expect(renderDemoPhoto('sedan-plaid-side')).toBeNull();
    expect(renderDemoPhoto('sedan-blue-top')).toBeNull();
  });
});

describe('demo car pictures: views differ in more than colour', () => {
  const shape = (name: string) => (renderDemoPhoto(name) ?? '').replace(/#[0-9a-f]{6}/gi, '#');

  it('draws each view of a body differently, and each body differently in the same view', () => {
    for (const body of BODY_TYPES) {
      const views = PHOTO_VIEWS.map((v) => shape(`${body}-red-${v.key}`));
      expect(new Set(views).size).toBe(PHOTO_VIEWS.length);
    }
    for (const view of ['front34', 'side', 'rear', 'interior']) {
      const bodies = new Set(BODY_TYPES.map((b) => shape(`${b}-red-${view}`)));
      // Vans and pickups share the working dashboard; every outside view is its own.
      expect(bodies.size).toBe(view === 'interior' ? 2 : BODY_TYPES.length);
    }
  });

  it('recolours only the paint', () => {
    const [a, b] = colours as [string, string];
    expect(shape(`suv-${a}-side`)).toBe(shape(`suv-${b}-side`));
    expect(renderDemoPhoto(`suv-${a}-side`)).not.toBe(renderDemoPhoto(`suv-${b}-side`));
  });
});

describe('demo lot photos carry labels that match what they show', () => {
  it('labels each view by what it shows, and shows an electric car no engine', () => {
    const now = new Date('2026-06-15T04:00:00Z');
    for (let i = 0; i < SERIES.length; i++) {
      const g = generateLot(i, now);
      const views = g.photos.map((p) => /-([a-z0-9]+)\.svg$/.exec(p.url)?.[1]);
      expect(g.photos.map((p) => p.label)).toEqual(
        views.map((v) => PHOTO_VIEWS.find((x) => x.key === v)?.label),
      );
      const bay = views[4];
      const fuel = g.lot.fuel_type;
      expect(bay, `${g.lot.title} (${fuel})`).toBe(
        fuel === '纯电动' ? 'motor' : fuel.includes('混') ? 'hybrid' : 'engine',
      );
      expect(g.photos[0]).toMatchObject({ is_cover: true, label: '左前45°' });
    }
  });
});
