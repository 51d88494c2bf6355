import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** SQL that reads the catalog: brands, series, models and the known parameter names. */
export function catalogRepo(db: Kysely<Database>) {
  return {
    brands() {
      return db.selectFrom('car_brand').select(['id', 'name', 'first_letter']).execute();
    },
    brand(id: string) {
      return db.selectFrom('car_brand').selectAll().where('id', '=', id).executeTakeFirst();
    },
    seriesOfBrand(brandId: string) {
      return db
        .selectFrom('car_series')
        .selectAll()
        .where('brand_id', '=', brandId)
        .orderBy('fct_name')
        .orderBy('min_price')
        .orderBy('id')
        .execute();
    },
    series(id: string) {
      return db
        .selectFrom('car_series')
        .innerJoin('car_brand', 'car_brand.id', 'car_series.brand_id')
        .select(['car_series.id', 'car_series.series_name', 'car_series.body_type', 'car_brand.logo_color'])
        .where('car_series.id', '=', id)
        .executeTakeFirst();
    },
    modelsOfSeries(seriesId: string) {
      return db
        .selectFrom('car_model')
        .select(['id', 'name', 'year', 'series_price', 'on_sale'])
        .where('series_id', '=', seriesId)
        .orderBy('year', 'desc')
        .orderBy('series_price')
        .orderBy('id')
        .execute();
    },
    modelConfig(id: string) {
      return db.selectFrom('car_model').select(['id', 'config_info']).where('id', '=', id).executeTakeFirst();
    },
    briefs(ids: string[]) {
      return db
        .selectFrom('car_model')
        .innerJoin('car_series', 'car_series.id', 'car_model.series_id')
        .innerJoin('car_brand', 'car_brand.id', 'car_series.brand_id')
        .select([
          'car_model.id',
          'car_model.name',
          'car_model.year',
          'car_model.series_price',
          'car_model.on_sale',
          'car_model.energy_type',
          'car_model.displacement_l',
          'car_model.seats',
          'car_series.id as series_id',
          'car_series.series_name',
          'car_brand.id as brand_id',
          'car_brand.name as brand_name',
        ])
        .where('car_model.id', 'in', ids)
        .execute();
    },

    /** Every known parameter name, in display order. */
    paramsInOrder() {
      return db
        .selectFrom('car_param')
        .select(['category', 'name'])
        .orderBy('category_sort')
        .orderBy('category')
        .orderBy('sort')
        .execute();
    },
    /** Every known parameter name with its position in its category. */
    paramSorts() {
      return db.selectFrom('car_param').select(['category', 'name', 'sort']).execute();
    },
    /** The whole catalog, rows in id order, series and models with their parent's code. */
    everything() {
      return Promise.all([
        db.selectFrom('car_brand').selectAll().orderBy('id').execute(),
        db
          .selectFrom('car_series')
          .innerJoin('car_brand', 'car_brand.id', 'car_series.brand_id')
          .selectAll('car_series')
          .select('car_brand.code as brand_code')
          .orderBy('car_series.id')
          .execute(),
        db
          .selectFrom('car_model')
          .innerJoin('car_series', 'car_series.id', 'car_model.series_id')
          .selectAll('car_model')
          .select('car_series.code as series_code')
          .orderBy('car_model.id')
          .execute(),
      ]);
    },
    /** Codes and names of every brand and every series (with its brand's). */
    names() {
      return Promise.all([
        db.selectFrom('car_brand').select(['code', 'name']).execute(),
        db
          .selectFrom('car_series')
          .innerJoin('car_brand', 'car_brand.id', 'car_series.brand_id')
          .select([
            'car_brand.code as brand_code',
            'car_brand.name as brand_name',
            'car_series.code',
            'car_series.series_name',
          ])
          .execute(),
      ]);
    },
  };
}
