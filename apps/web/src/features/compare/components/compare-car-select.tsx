import { PlusOutlined } from '@ant-design/icons';
import { COMPARE_MAX_CARS, type catalog } from '@chepai/shared';
import { useCallback, useRef, useState } from 'react';
import { CarPickerPanel, type PickerStep } from '../../../components/car-picker/car-picker-panel';
import { useClickOutside } from '../../../components/car-picker/use-click-outside';
import { listMaxHeight } from '../../../components/car-picker/picker-groups';
import { headerNameOf, type CompareCar } from '../utils/compare-list';

interface Props {
  count: number;
  takenIds: ReadonlySet<string>;
  /** Returns true when the car was added; the dropdown then closes and resets. */
  onAdd: (car: CompareCar) => boolean;
  areaHeight: number;
}

/** The 'select car model' dropdown: brand → series → model (docs/product.md#11-compare-and-calculator). */
export function CompareCarSelect({ count, takenIds, onAdd, areaHeight }: Props) {
  const [open, setOpen] = useState(false);
  const [step, setStep] = useState<PickerStep>(1);
  const [brand, setBrand] = useState<catalog.Brand | null>(null);
  const [series, setSeries] = useState<catalog.Series | null>(null);
  const ref = useRef<HTMLDivElement>(null);
  const reset = useCallback(() => {
    setOpen(false);
    setStep(1);
    setBrand(null);
    setSeries(null);
  }, []);
  const close = useCallback(() => setOpen(false), []);
  useClickOutside(ref, open, close);

  const pickModel = (m: catalog.Model) => {
    if (!brand || !series) return;
    const car: CompareCar = {
      id: m.id,
      name: m.name,
      year: m.year,
      seriesPrice: m.seriesPrice,
      brandName: brand.name,
      seriesName: series.seriesName,
      carHeaderName: '',
      pinActive: false,
    };
    if (onAdd({ ...car, carHeaderName: headerNameOf(car) })) reset();
  };

  return (
    <div className="compare-select" ref={ref}>
      <button
        type="button"
        className="btn btn-primary"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
      >
        <PlusOutlined />
        选择车型（{count}/{COMPARE_MAX_CARS}）
      </button>
      {open && (
        <div className="compare-select-popup">
          <CarPickerPanel
            step={step}
            onStep={(s) => {
              setStep(s);
              if (s < 3) setSeries(null);
              if (s < 2) setBrand(null);
            }}
            brand={brand}
            series={series}
            takenIds={takenIds}
            listHeight={listMaxHeight(areaHeight)}
            onBrand={(b) => {
              setBrand(b);
              setSeries(null);
              setStep(2);
            }}
            onSeries={(s) => {
              setSeries(s);
              setStep(3);
            }}
            onModel={pickModel}
          />
        </div>
      )}
    </div>
  );
}
