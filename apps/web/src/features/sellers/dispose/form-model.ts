import { disposal, type files } from '@chepai/shared';

/**
 * The disposeCar form as the page holds it (JSON-safe, so a draft is the values as they are)
 * and its translation to the submit contract (docs/product.md#14-disposal-and-review).
 */

export interface PhotoItem {
  file: files.UploadedFile;
  /** The named angle (左前45° …) or a free label. */
  label: string;
}

export interface DocumentSlot {
  files?: files.UploadedFile[];
  /** YYYY-MM-DD, for the documents that expire. */
  expiry?: string;
}

export interface DisposeValues {
  /** Catalog choice; with `manual` the names are typed instead. */
  manual?: boolean;
  brandId?: string;
  seriesId?: string;
  modelId?: string;
  brandName?: string;
  seriesName?: string;
  modelName?: string;
  bodyType?: string;
  vin?: string;
  plateNo?: string;
  firstRegDate?: string;
  mileageKm?: number;
  color?: string;
  fuelType?: string;
  transmission?: string;
  displacement?: string;
  emissionStandard?: string;
  usageType?: string;
  transferCount?: number;
  inspectionExpiry?: string;
  insuranceExpiry?: string;
  keyCount?: number;
  accident?: boolean;
  flood?: boolean;
  fire?: boolean;
  odometerIssue?: boolean;
  conditionNotes?: string;
  violationCount?: number;
  violationFine?: string;
  mortgaged?: boolean;
  seized?: boolean;
  province?: string;
  city?: string;
  description?: string;
  /** Keyed by the document's name (机动车登记证书 …). */
  docs?: Record<string, DocumentSlot>;
  photos?: PhotoItem[];
  startPrice?: string;
  reservePrice?: string;
  increment?: string;
  deposit?: string;
  /** Wished-for auction window, epoch ms. */
  wishWindow?: [number, number];
  viewingAddress?: string;
  viewingTimes?: string;
  pickupAddress?: string;
  pickupContact?: string;
  pickupPhone?: string;
  agreed?: boolean;
}

export const STEPS = [
  { key: 'vehicle', title: '车辆信息' },
  { key: 'documents', title: '证件资料' },
  { key: 'photos', title: '车辆照片' },
  { key: 'terms', title: '拍卖条款' },
  { key: 'review', title: '确认提交' },
] as const;

export const VEHICLE_FIELDS = [
  'manual',
  'brandId',
  'seriesId',
  'modelId',
  'brandName',
  'seriesName',
  'modelName',
  'bodyType',
  'vin',
  'plateNo',
  'firstRegDate',
  'mileageKm',
  'color',
  'fuelType',
  'transmission',
  'displacement',
  'emissionStandard',
  'usageType',
  'transferCount',
  'inspectionExpiry',
  'insuranceExpiry',
  'keyCount',
  'accident',
  'flood',
  'fire',
  'odometerIssue',
  'conditionNotes',
  'violationCount',
  'violationFine',
  'mortgaged',
  'seized',
  'province',
  'city',
  'description',
] as const;
export const TERMS_FIELDS = [
  'startPrice',
  'reservePrice',
  'increment',
  'deposit',
  'wishWindow',
  'viewingAddress',
  'viewingTimes',
  'pickupAddress',
  'pickupContact',
  'pickupPhone',
] as const;

/** Which step a contract field (the first segment of an issue's path) is asked on. */
export function stepOfField(field: string): number {
  if ((VEHICLE_FIELDS as readonly string[]).includes(field)) return 0;
  if (field === 'documents' || field === 'docs') return 1;
  if (field === 'photos' || field === 'photoLabels') return 2;
  if (field === 'wishStartTime' || field === 'wishEndTime') return 3;
  if ((TERMS_FIELDS as readonly string[]).includes(field)) return 3;
  return 4;
}

const trimmed = (s: string | undefined) => (s ?? '').trim();

/** The values as the submit contract takes them (before its validation). */
export function toSubmitInput(v: DisposeValues): Record<string, unknown> {
  const documents = disposal.DISPOSAL_DOCUMENTS.flatMap((d) => {
    const slot = v.docs?.[d.name];
    return (slot?.files ?? []).map((f) => ({
      name: d.name,
      fileId: f.id,
      ...(d.hasExpiry && slot?.expiry ? { expiry: slot.expiry } : {}),
    }));
  });
  const photos = v.photos ?? [];
  const deposit = trimmed(v.deposit);
  return {
    ...(v.manual || !v.modelId ? {} : { modelId: v.modelId }),
    brandName: trimmed(v.brandName),
    seriesName: trimmed(v.seriesName),
    modelName: trimmed(v.modelName),
    bodyType: v.bodyType,
    vin: trimmed(v.vin),
    plateNo: trimmed(v.plateNo),
    firstRegDate: v.firstRegDate,
    mileageKm: v.mileageKm,
    color: trimmed(v.color),
    fuelType: v.fuelType,
    transmission: trimmed(v.transmission),
    displacement: trimmed(v.displacement),
    emissionStandard: v.emissionStandard,
    usageType: v.usageType,
    transferCount: v.transferCount,
    inspectionExpiry: v.inspectionExpiry,
    insuranceExpiry: v.insuranceExpiry,
    keyCount: v.keyCount,
    accident: v.accident,
    flood: v.flood,
    fire: v.fire,
    odometerIssue: v.odometerIssue,
    conditionNotes: trimmed(v.conditionNotes),
    violationCount: v.violationCount ?? 0,
    violationFine: trimmed(v.violationFine),
    mortgaged: v.mortgaged,
    seized: v.seized,
    province: trimmed(v.province),
    city: trimmed(v.city),
    description: trimmed(v.description),
    documents,
    photos: photos.map((p) => p.file.id),
    photoLabels: photos.map((p) => p.label),
    startPrice: trimmed(v.startPrice),
    reservePrice: trimmed(v.reservePrice),
    increment: trimmed(v.increment),
    ...(deposit ? { deposit } : {}),
    wishStartTime: v.wishWindow?.[0],
    wishEndTime: v.wishWindow?.[1],
    viewingAddress: trimmed(v.viewingAddress),
    viewingTimes: trimmed(v.viewingTimes),
    pickupAddress: trimmed(v.pickupAddress),
    pickupContact: trimmed(v.pickupContact),
    pickupPhone: trimmed(v.pickupPhone),
  };
}

export interface FormProblem {
  step: number;
  message: string;
}

/** Everything the contract would refuse, each with the step where it is fixed. */
export function problemsOf(v: DisposeValues): FormProblem[] {
  const parsed = disposal.submitInput.safeParse(toSubmitInput(v));
  if (parsed.success) return [];
  const seen = new Set<string>();
  return parsed.error.issues
    .map((i) => ({ step: stepOfField(String(i.path[0] ?? '')), message: i.message }))
    .filter((p) => (seen.has(p.message) ? false : (seen.add(p.message), true)))
    .sort((a, b) => a.step - b.step);
}

const str = (x: unknown) => (typeof x === 'string' ? x : undefined);
const num = (x: unknown) => (typeof x === 'number' ? x : undefined);

/** A returned order's last submission, back in the form's shape (edit and resubmit). */
export function fromOrderInfo(info: {
  form: Record<string, unknown>;
  photos: Array<{ fileId: string; url: string; label: string }>;
  documents: Array<{ name: string; fileId: string; url: string; expiry: string | null }>;
}): DisposeValues {
  const f = info.form;
  const docs: Record<string, DocumentSlot> = {};
  for (const d of info.documents) {
    const slot = (docs[d.name] ??= { files: [] });
    slot.files!.push({
      id: d.fileId,
      fileUrl: '',
      fileName: `${d.name}（已提交）`,
      thumbnailUrl: null,
      contentType: 'application/octet-stream',
      size: 0,
      isPrivate: true,
    });
    if (d.expiry) slot.expiry = d.expiry;
  }
  const start = num(f.wishStartTime);
  const end = num(f.wishEndTime);
  const values: DisposeValues = {
    manual: !str(f.modelId),
    modelId: str(f.modelId),
    docs,
    photos: info.photos.map((p) => ({
      label: p.label,
      file: {
        id: p.fileId,
        fileUrl: p.url,
        fileName: p.label,
        thumbnailUrl: p.url,
        contentType: 'image/jpeg',
        size: 0,
        isPrivate: false,
      },
    })),
    reservePrice: str(f.reservePrice) ?? '',
    wishWindow: start && end ? [start, end] : undefined,
  };
  // Every other field comes back by its type: text, numbers and the yes/no declarations.
  const rest = [...VEHICLE_FIELDS, ...TERMS_FIELDS].filter(
    (k) => !['manual', 'brandId', 'seriesId', 'modelId', 'reservePrice', 'wishWindow'].includes(k),
  );
  for (const key of rest) {
    const raw = f[key];
    (values as Record<string, unknown>)[key] =
      typeof raw === 'string' || typeof raw === 'number' || typeof raw === 'boolean' ? raw : undefined;
  }
  if (values.violationFine === '0.00') values.violationFine = '';
  return values;
}

/** The next named angle not yet used, for a newly uploaded photo. */
export function nextAngle(taken: readonly string[]): string {
  return disposal.PHOTO_ANGLES.find((a) => !taken.includes(a)) ?? '细节';
}

/** Named angles still missing (the reviewer checks them). */
export const missingAngles = (photos: readonly PhotoItem[]) =>
  disposal.PHOTO_ANGLES.filter((a) => !photos.some((p) => p.label === a));

/** Moves item `from` to `to` (0 makes it the cover). */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || from >= list.length || to < 0 || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/** Default deposit and the allowed range (yuan), from a starting price typed in yuan. */
export function depositHint(startPrice: string | undefined) {
  const yuan = Number(trimmed(startPrice));
  if (!Number.isFinite(yuan) || yuan <= 0) return null;
  return {
    default: disposal.defaultDepositFen(Math.round(yuan * 100)) / 100,
    min: Math.ceil((yuan * disposal.DEPOSIT_PERCENT.min) / 100),
    max: Math.floor((yuan * disposal.DEPOSIT_PERCENT.max) / 100),
  };
}

/** The catalog's 能源类型 as the form's fuel type, when it maps to one. */
export function fuelFromEnergy(energy: string): string | undefined {
  if (energy.includes('插电') || energy.includes('增程')) return '插电混动';
  if (energy.includes('纯电')) return '纯电动';
  if (energy.includes('油电') || energy.includes('混合')) return '油电混动';
  if (energy.includes('柴油')) return '柴油';
  if (energy.includes('汽油')) return '汽油';
  return undefined;
}
