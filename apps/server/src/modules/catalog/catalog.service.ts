import { fenToYuanString, type catalog } from '@chepai/shared';
import type { AppContext } from '../../context';
import { notFound } from '../../http/errors';
import { catalogRepo } from './catalog.repo';
import { knownParams, orderConfig } from './catalog-store';
import { brandMonogramSvg, seriesSilhouetteSvg } from './catalog-svg';

export const brandLogoUrl = (id: string) => `/api/mall-portal/brand/logo/${id}.svg`;
export const seriesImgUrl = (id: string) => `/api/mall-portal/vehicle/seriesImg/${id}.svg`;

const yuan = (fen: string) => fenToYuanString(Number(fen));
const collator = new Intl.Collator('zh-Hans-CN');

export function catalogService(ctx: AppContext) {
  const repo = catalogRepo(ctx.dbh.db);
  return {
    /** Sorted by first letter (case-insensitive), then by name in pinyin order. */
    async brands(): Promise<catalog.Brand[]> {
      const rows = await repo.brands();
      return rows
        .map((b) => ({ id: b.id, name: b.name, logo: brandLogoUrl(b.id), firstLetter: b.first_letter }))
        .sort(
          (a, b) =>
            a.firstLetter.toUpperCase().localeCompare(b.firstLetter.toUpperCase()) ||
            collator.compare(a.name, b.name),
        );
    },
    async series(brandId: string): Promise<catalog.Series[]> {
      if (!(await repo.brand(brandId))) throw notFound('品牌不存在');
      const rows = await repo.seriesOfBrand(brandId);
      return rows.map((s) => ({
        id: s.id,
        seriesName: s.series_name,
        fctName: s.fct_name,
        seriesImg: s.series_img ?? seriesImgUrl(s.id),
        level: s.level,
        minPrice: yuan(s.min_price),
        maxPrice: yuan(s.max_price),
      }));
    },
    async models(seriesId: string): Promise<catalog.Model[]> {
      if (!(await repo.series(seriesId))) throw notFound('车系不存在');
      const rows = await repo.modelsOfSeries(seriesId);
      return rows.map((m) => ({
        id: m.id,
        name: m.name,
        year: m.year,
        seriesPrice: yuan(m.series_price),
        onSale: m.on_sale,
      }));
    },
    async config(modelId: string): Promise<catalog.ConfigInfo> {
      const row = await repo.modelConfig(modelId);
      if (!row) throw notFound('车型不存在');
      return orderConfig(row.config_info, await knownParams(ctx.dbh.db));
    },
    paramNames: () => knownParams(ctx.dbh.db),
    /** In the order asked; unknown ids are left out (a share link may outlive a model). */
    async briefs(ids: string[]): Promise<catalog.ModelBrief[]> {
      const rows = await repo.briefs(ids);
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.flatMap((id) => {
        const r = byId.get(id);
        if (!r) return [];
        return [
          {
            id: r.id,
            name: r.name,
            year: r.year,
            seriesPrice: yuan(r.series_price),
            onSale: r.on_sale,
            seriesId: r.series_id,
            seriesName: r.series_name,
            brandId: r.brand_id,
            brandName: r.brand_name,
            energyType: r.energy_type,
            displacementL: r.displacement_l === null ? null : Number(r.displacement_l),
            seats: r.seats,
          },
        ];
      });
    },
    async brandLogo(id: string): Promise<string> {
      const b = await repo.brand(id);
      if (!b) throw notFound('品牌不存在');
      return brandMonogramSvg(b.name, b.logo_text, b.logo_color);
    },
    async seriesImage(id: string): Promise<string> {
      const s = await repo.series(id);
      if (!s) throw notFound('车系不存在');
      return seriesSilhouetteSvg(s.series_name, s.body_type, s.logo_color);
    },
  };
}
