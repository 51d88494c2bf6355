import { CarOutlined, DownOutlined } from '@ant-design/icons';
import { useCallback, useRef, useState } from 'react';
import { CarPickerPanel } from '../../../components/car-picker/car-picker-panel';
import { useClickOutside } from '../../../components/car-picker/use-click-outside';
import { choiceLabel, type useCalculatorSelect } from '../hooks/use-calculator-select';

type Select = ReturnType<typeof useCalculatorSelect>;

/** The calculator select: one field showing 'brand > series > model' over the three-step panel. */
export function CalculatorPicker({ select }: { select: Select }) {
  const { state } = select;
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useClickOutside(ref, open, close);
  const label = choiceLabel(state);
  return (
    <div className="calc-picker" ref={ref}>
      <button
        type="button"
        className={`calc-picker-field${open ? ' open' : ''}`}
        onClick={() => setOpen((o) => !o)}
        data-testid="calc-picker"
      >
        <CarOutlined />
        <span className={label ? 'calc-picker-value' : 'calc-picker-placeholder'} title={label}>
          {label || '请选择品牌 > 车系 > 车型'}
        </span>
        <DownOutlined className="calc-picker-arrow" />
      </button>
      {open && (
        <div className="calc-picker-popup">
          <CarPickerPanel
            step={state.activeNum}
            onStep={select.stepBack}
            brand={state.brand}
            series={state.series}
            modelId={state.isCalculate && state.cheXing ? state.activeSelectData?.model.id : null}
            listHeight={350}
            onBrand={select.pickBrand}
            onSeries={select.pickSeries}
            onModel={(m) => {
              select.pickModel(m);
              setOpen(false);
            }}
          />
        </div>
      )}
    </div>
  );
}
