import {
  fen,
  OPTIONAL_INSURANCE_ITEMS,
  THIRD_PARTY_LIMITS,
  yuanToFen,
  type CostItem,
  type CostItemKey,
  type Fen,
  type OptionalInsuranceKey,
  type ThirdPartyLimitKey,
} from '@chepai/shared';
import { Button, Checkbox, InputNumber, Select, Tooltip } from 'antd';
import { formatFen } from '../utils/vehicle-facts';

export interface InsuranceState {
  thirdPartyLimit: ThirdPartyLimitKey | null;
  ownDamage: boolean;
  optional: OptionalInsuranceKey[];
}

interface Props {
  items: CostItem[];
  insurance: InsuranceState;
  onInsurance: (next: InsuranceState) => void;
  onOverride: (key: CostItemKey, amount: Fen | null) => void;
}

const GROUPS = [
  { group: 'vehicle', title: '裸车价' },
  { group: 'required', title: '必要花费' },
  { group: 'insurance', title: '商业保险' },
] as const;

/** Every item, editable in yuan; an edited item can be put back to the computed figure. */
export function CostItems({ items, insurance, onInsurance, onOverride }: Props) {
  const row = (item: CostItem) => (
    <div className="cost-row" key={item.key} data-testid={`item-${item.key}`}>
      <span className="cost-label">{item.label}</span>
      <InputNumber
        className="cost-input"
        aria-label={item.label}
        min={0}
        max={99_999_999}
        precision={2}
        addonBefore="¥"
        value={item.amount / 100}
        onChange={(v) =>
          onOverride(item.key, typeof v === 'number' && Number.isFinite(v) ? yuanToFen(v) : null)
        }
      />
      {item.overridden ? (
        <Tooltip title={`按规则计算为 ${formatFen(item.computed)}`}>
          <Button type="link" size="small" onClick={() => onOverride(item.key, null)}>
            恢复
          </Button>
        </Tooltip>
      ) : (
        <span className="cost-reset-placeholder" />
      )}
    </div>
  );
  return (
    <div className="cost-items">
      {GROUPS.map(({ group, title }) => (
        <section key={group} className="cost-group">
          <h2>
            {title}
            <span className="cost-group-total">{formatFen(sum(items.filter((i) => i.group === group)))}</span>
          </h2>
          {group === 'insurance' && (
            <div className="insurance-choices">
              <label>
                第三者责任险
                <Select
                  size="small"
                  style={{ width: 110, marginLeft: 8 }}
                  value={insurance.thirdPartyLimit ?? 'none'}
                  aria-label="第三者责任险保额"
                  options={[
                    ...THIRD_PARTY_LIMITS.map((l) => ({ value: l.key, label: l.label })),
                    { value: 'none', label: '不投保' },
                  ]}
                  onChange={(v: string) =>
                    onInsurance({
                      ...insurance,
                      thirdPartyLimit: v === 'none' ? null : (v as ThirdPartyLimitKey),
                    })
                  }
                />
              </label>
              <Checkbox
                checked={insurance.ownDamage}
                onChange={(e) => onInsurance({ ...insurance, ownDamage: e.target.checked })}
              >
                车辆损失险
              </Checkbox>
              {OPTIONAL_INSURANCE_ITEMS.map((rider) => (
                <Checkbox
                  key={rider.key}
                  checked={insurance.optional.includes(rider.key)}
                  onChange={(e) =>
                    onInsurance({
                      ...insurance,
                      optional: e.target.checked
                        ? [...insurance.optional, rider.key]
                        : insurance.optional.filter((k) => k !== rider.key),
                    })
                  }
                >
                  {rider.label.replace(/（.*）/, '')}
                </Checkbox>
              ))}
            </div>
          )}
          {items.filter((i) => i.group === group).map(row)}
        </section>
      ))}
    </div>
  );
}

const sum = (items: CostItem[]) => fen(items.reduce((n, i) => n + i.amount, 0));
