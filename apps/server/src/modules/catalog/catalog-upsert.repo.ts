import { sql, type Insertable, type Kysely } from 'kysely';
import type { CarBrandTable, CarModelTable, CarParamTable, CarSeriesTable, Database } from '../../db/schema';

/** Whether the upsert inserted the row (rather than updating it). */
const insertedFlag = sql<boolean>`(xmax = 0)`.as('inserted');

/**
 * SQL that writes the catalog: upserts keyed by the data set's `code`, each returning the ids and
 * whether the row is new. `partial` (CSV rows carry no country, logo, image or on-sale flag) keeps
 * those columns as they are.
 */
export function catalogUpsertRepo(db: Kysely<Database>) {
  return {
    brands: (rows: Array<Insertable<CarBrandTable>>, partial: boolean) =>
      db
        .insertInto('car_brand')
        .values(rows)
        .onConflict((oc) =>
          oc.column('code').doUpdateSet((eb) =>
            partial
              ? {
                  name: eb.ref('excluded.name'),
                  first_letter: eb.ref('excluded.first_letter'),
                  updated_at: sql`now()`,
                }
              : {
                  name: eb.ref('excluded.name'),
                  first_letter: eb.ref('excluded.first_letter'),
                  country: eb.ref('excluded.country'),
                  logo_text: eb.ref('excluded.logo_text'),
                  logo_color: eb.ref('excluded.logo_color'),
                  updated_at: sql`now()`,
                },
          ),
        )
        .returning(['id', 'code', insertedFlag])
        .execute(),

    series: (rows: Array<Insertable<CarSeriesTable>>, partial: boolean) =>
      db
        .insertInto('car_series')
        .values(rows)
        .onConflict((oc) =>
          oc.column('code').doUpdateSet((eb) => ({
            brand_id: eb.ref('excluded.brand_id'),
            series_name: eb.ref('excluded.series_name'),
            fct_name: eb.ref('excluded.fct_name'),
            level: eb.ref('excluded.level'),
            energy_type: eb.ref('excluded.energy_type'),
            body_type: eb.ref('excluded.body_type'),
            min_price: eb.ref('excluded.min_price'),
            max_price: eb.ref('excluded.max_price'),
            ...(partial ? {} : { series_img: eb.ref('excluded.series_img') }),
            updated_at: sql`now()`,
          })),
        )
        .returning(['id', 'code', insertedFlag])
        .execute(),

    models: (rows: Array<Insertable<CarModelTable>>, partial: boolean) =>
      db
        .insertInto('car_model')
        .values(rows)
        .onConflict((oc) =>
          oc.column('code').doUpdateSet((eb) => ({
            series_id: eb.ref('excluded.series_id'),
            name: eb.ref('excluded.name'),
            year: eb.ref('excluded.year'),
            series_price: eb.ref('excluded.series_price'),
            ...(partial ? {} : { on_sale: eb.ref('excluded.on_sale') }),
            energy_type: eb.ref('excluded.energy_type'),
            displacement_l: eb.ref('excluded.displacement_l'),
            seats: eb.ref('excluded.seats'),
            config_info: eb.ref('excluded.config_info'),
            updated_at: sql`now()`,
          })),
        )
        .returning(['id', 'code', insertedFlag])
        .execute(),

    /** New parameter names; one already known is left alone. */
    addParams: (rows: Array<Insertable<CarParamTable>>) =>
      db
        .insertInto('car_param')
        .values(rows)
        .onConflict((oc) => oc.doNothing())
        .execute(),

    metaValue: async (key: string) =>
      (await db.selectFrom('catalog_meta').select('value').where('key', '=', key).executeTakeFirst())?.value,

    setMeta: (key: string, value: string) =>
      db
        .insertInto('catalog_meta')
        .values({ key, value })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: sql`now()` }))
        .execute(),
  };
}
