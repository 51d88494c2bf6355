import type { LotDetail } from '@chepai/shared/contracts/lots';
import { lots } from '@chepai/shared';
import { Descriptions, Grid } from 'antd';
import { mileageText } from '../../../components/lots/format';

/** The vehicle's specifications; VIN and plate only masked. */
export function SpecSection({ lot }: { lot: LotDetail }) {
  // On a phone three label/value pairs a row leave each value a few characters wide: two pairs,
  // each label above its value.
  const phone = !Grid.useBreakpoint().md;
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
      <Descriptions
        bordered
        size="small"
        column={phone ? 2 : 3}
        layout={phone ? 'vertical' : 'horizontal'}
        className="lot-specs"
        items={items.map(([label, value]) => ({ key: label, label, children: value }))}
      />
      <Descriptions
        className="lot-pickup"
        size="small"
        column={1}
        items={[
          { key: 'addr', label: '看车/提车地址', children: lot.pickupAddress },
          { key: 'desc', label: '车辆描述', children: lot.description },
        ]}
      />
    </section>
  );
}
