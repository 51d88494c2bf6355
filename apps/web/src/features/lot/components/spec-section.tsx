import type { LotDetail } from '@chepai/shared/contracts/lots';
import { lots } from '@chepai/shared';
import { mileageText } from '../../../components/lots/format';

/** The vehicle's specifications; VIN and plate only masked. */
export function SpecSection({ lot }: { lot: LotDetail }) {
  const body = lots.BODY_TYPE_TEXT[lot.bodyType as keyof typeof lots.BODY_TYPE_TEXT] ?? lot.bodyType;
  const items = [
    ['品牌', lot.brandName],
    ['车系', lot.seriesName],
    ['车型', lot.modelName],
    ['车身类型', body],
    ['首次上牌', lot.firstRegDate],
    ['表显里程', mileageText(lot.mileageKm)],
    ['车身颜色', lot.color],
    ['燃料类型', lot.fuelType],
    ['变速箱', lot.transmission],
    ['排量', lot.displacement || '—'],
    ['排放标准', lot.emissionStandard],
    ['使用性质', lot.usageType],
    ['过户次数', `${lot.transferCount} 次`],
    ['年检到期', lot.inspectionExpiry ?? '—'],
    ['交强险到期', lot.insuranceExpiry ?? '已脱保'],
    ['车架号', lot.vinMasked],
    ['车牌号', lot.plateMasked],
    ['车牌归属地', lot.plateCity],
    ['车辆所在地', `${lot.province === lot.city ? '' : lot.province}${lot.city}`],
    ['处置单位', lot.sellerName],
  ];
  return (
    <section className="panel lot-section" id="specs">
      <h2 className="panel-title">车辆信息</h2>
      {/* Three label/value pairs a row; on a phone two, each label above its value (lot.css). */}
      <dl className="lot-specs">
        {items.map(([label, value]) => (
          <div key={label} className="lot-spec">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <dl className="lot-pickup">
        <div>
          <dt>看车/提车地址</dt>
          <dd>{lot.pickupAddress}</dd>
        </div>
        <div>
          <dt>车辆描述</dt>
          <dd>{lot.description}</dd>
        </div>
      </dl>
    </section>
  );
}
