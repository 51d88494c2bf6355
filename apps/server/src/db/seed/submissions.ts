import { disposal, vinCheckDigit } from '@chepai/shared';
import type { AppContext } from '../../context';
import { renderDemoPhoto } from '../../modules/lots/demo-photos';
import { createStorage } from '../../platform/storage/storage';
import { ownerOnly } from '../../modules/files/file-access';
import { loadSharp } from '../../modules/files/file-content';
import { filesService } from '../../modules/files/files.service';
import { signedUrls } from '../../modules/files/signed-url';
import { ensureSecret, makePepper } from '../../platform/secrets/secrets';

/** A minimal one-page PDF standing in for a scanned certificate. */
const DEMO_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** Views drawn for each named angle the form asks for (several angles share a drawing). */
// What each of the required angles (disposal.PHOTO_ANGLES, in order) shows in the demo drawings.
const ANGLE_VIEWS = ['front34', 'side', 'rear34', 'rear', 'interior', 'seats', 'rearseats', 'engine'];

const withCheckDigit = (vin: string) => vin.slice(0, 8) + vinCheckDigit(vin) + vin.slice(9);

/** Two submissions waiting for review, so the console has work on a fresh start (idempotent by VIN). */
const DEMO_SUBMISSIONS = [
  {
    unit: 'demo-seller-2',
    seller: 'lixiaomei',
    form: {
      brandName: '大众',
      seriesName: '帕萨特',
      modelName: '2021款 330TSI 精英版',
      bodyType: 'sedan',
      color: '黑色',
      colourKey: 'black',
      vin: withCheckDigit('LSVCC6A40MN000101'),
      plateNo: '京A7H235',
      firstRegDate: '2021-06-18',
      mileageKm: 58600,
      fuelType: '汽油',
      transmission: '7挡双离合',
      displacement: '2.0T',
      province: '北京',
      city: '北京',
      startPrice: 9_800_000,
      increment: 50_000,
    },
  },
  {
    unit: 'demo-seller-3',
    seller: 'chenqiang',
    form: {
      brandName: '丰田',
      seriesName: '汉兰达',
      modelName: '2020款 2.0T 四驱豪华版',
      bodyType: 'suv',
      color: '白色',
      colourKey: 'white',
      vin: withCheckDigit('LVGEN56A0LG000202'),
      plateNo: '苏E3K692',
      firstRegDate: '2020-09-02',
      mileageKm: 91200,
      fuelType: '汽油',
      transmission: '8挡手自一体',
      displacement: '2.0T',
      province: '江苏',
      city: '苏州',
      startPrice: 15_600_000,
      increment: 100_000,
    },
  },
] as const;

export async function seedSubmissions(ctx: AppContext) {
  const { db } = ctx.dbh;
  const storage = createStorage(ctx.env);
  const urls = signedUrls(await ensureSecret(db, 'file_url_key', makePepper), ctx.now);
  for (const demo of DEMO_SUBMISSIONS) {
    const exists = await db
      .selectFrom('auction_order')
      .select('id')
      .where('vin', '=', demo.form.vin)
      .executeTakeFirst();
    if (exists) continue;
    const unit = await db
      .selectFrom('seller_org')
      .select('id')
      .where('code', '=', demo.unit)
      .executeTakeFirst();
    const account = await db
      .selectFrom('idp_account')
      .select('id')
      .where('username', '=', demo.seller)
      .executeTakeFirst();
    const seller = account
      ? await db
          .selectFrom('user_identity')
          .select('user_id')
          .where('provider', '=', 'embedded')
          .where('subject', '=', String(account.id))
          .where('role', '=', 'seller')
          .executeTakeFirst()
      : undefined;
    if (!unit || !seller) continue;
    const now = ctx.now();
    // Through the upload service itself (type check, re-encoding, thumbnail, storage, the unit).
    const uploads = filesService(ctx, { storage, urls, access: ownerOnly, actingUnit: async () => unit.id });
    const uploader = { id: seller.user_id, role: 'seller' as const, sessionId: '' };
    const store = async (raw: Buffer, type: 'image' | 'document', name: string, isPrivate: boolean) =>
      (await uploads.upload(uploader, { type, isPrivate }, { bytes: raw, name })).id;
    const photos: string[] = [];
    const sharp = await loadSharp();
    for (const [i, view] of ANGLE_VIEWS.entries()) {
      const svg = renderDemoPhoto(`${demo.form.bodyType}-${demo.form.colourKey}-${view}`) ?? '';
      photos.push(
        await store(
          await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer(),
          'image',
          `photo-${i + 1}.jpg`,
          false,
        ),
      );
    }
    const documents = [
      {
        name: '机动车登记证书',
        fileId: await store(DEMO_PDF, 'document', '登记证书.pdf', true),
      },
      {
        name: '机动车行驶证',
        fileId: await store(DEMO_PDF, 'document', '行驶证.pdf', true),
        expiry: '2027-08-31',
      },
      {
        name: '交强险保单',
        fileId: await store(DEMO_PDF, 'document', '交强险.pdf', true),
        expiry: '2027-06-30',
      },
    ];
    const { colourKey: _unused, ...vehicle } = demo.form;
    const day = 86_400_000;
    const form = {
      ...vehicle,
      emissionStandard: '国VI',
      usageType: '非营运',
      transferCount: 0,
      inspectionExpiry: '2027-08-31',
      insuranceExpiry: '2027-06-30',
      keyCount: 2,
      accident: false,
      flood: false,
      fire: false,
      odometerIssue: false,
      conditionNotes: '',
      violationCount: 0,
      violationFine: 0,
      mortgaged: false,
      seized: false,
      description: '单位公务用车，按期保养，手续齐全。',
      documents,
      photos,
      photoLabels: [...disposal.PHOTO_ANGLES],
      reservePrice: null,
      deposit: demo.form.startPrice / 10,
      wishStartTime: now.getTime() + 7 * day,
      wishEndTime: now.getTime() + 8 * day,
      viewingAddress: `${demo.form.city}市交付中心`,
      viewingTimes: '工作日 9:00-17:00',
      pickupAddress: `${demo.form.city}市交付中心`,
      pickupContact: '王经理',
      pickupPhone: '13700137000',
    };
    const order = await db
      .insertInto('auction_order')
      .values({
        seller_org_id: unit.id,
        submitted_by: seller.user_id,
        stage: 'pending',
        form: JSON.stringify(form),
        title: `${demo.form.brandName}${demo.form.seriesName} ${demo.form.modelName}`,
        vin: demo.form.vin,
        plate_no: demo.form.plateNo,
        submitted_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('auction_order_event')
      .values({ order_id: order.id, kind: 'submitted', at: now, actor_id: seller.user_id })
      .execute();
  }
}
