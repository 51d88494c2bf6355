import type { catalog } from '@chepai/shared';
import { useCallback, useState } from 'react';
import type { PickerStep } from '../../../components/car-picker/car-picker-panel';

// The calculator select of spec §3: activeNum 1–3, pinPai / cheXi / cheXing names, the series
// picture, the chosen model (activeSelectData) and isCalculate. The choice is kept in
// localStorage so a returning visitor finds it highlighted again.

const STORAGE_KEY = 'carCalculator';

export interface CalculatorChoice {
  brand: catalog.Brand;
  series: catalog.Series;
  model: catalog.Model;
}

export interface CalculatorSelectState {
  activeNum: PickerStep;
  brand: catalog.Brand | null;
  series: catalog.Series | null;
  pinPai: string;
  cheXi: string;
  cheXiPicUrl: string;
  cheXing: string;
  activeSelectData: CalculatorChoice | null;
  isCalculate: boolean;
}

function loadChoice(): CalculatorChoice | null {
  try {
    const raw = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as CalculatorChoice | null;
    return raw?.brand?.id && raw.series?.id && raw.model?.id ? raw : null;
  } catch {
    return null;
  }
}

function initial(): CalculatorSelectState {
  const choice = loadChoice();
  return {
    activeNum: choice ? 3 : 1,
    brand: choice?.brand ?? null,
    series: choice?.series ?? null,
    pinPai: choice?.brand.name ?? '',
    cheXi: choice?.series.seriesName ?? '',
    cheXiPicUrl: choice?.series.seriesImg ?? '',
    cheXing: choice?.model.name ?? '',
    activeSelectData: choice,
    isCalculate: Boolean(choice),
  };
}

export function useCalculatorSelect() {
  const [state, setState] = useState<CalculatorSelectState>(initial);
  return {
    state,
    /** Clicking a step title: back to brand clears series and model; back to series clears the model. */
    stepBack: useCallback((step: PickerStep) => {
      setState((s) => ({
        ...s,
        activeNum: step,
        series: step < 2 ? null : s.series,
        cheXi: step < 2 ? '' : s.cheXi,
        cheXiPicUrl: step < 2 ? '' : s.cheXiPicUrl,
        cheXing: '',
      }));
    }, []),
    pickBrand: useCallback((brand: catalog.Brand) => {
      setState((s) => ({ ...s, activeNum: 2, brand, pinPai: brand.name, series: null, cheXi: '', cheXiPicUrl: '', cheXing: '' }));
    }, []),
    pickSeries: useCallback((series: catalog.Series) => {
      setState((s) => ({ ...s, activeNum: 3, series, cheXi: series.seriesName, cheXiPicUrl: series.seriesImg, cheXing: '' }));
    }, []),
    /** Sets the model name and the chosen data; the caller closes the dropdown. */
    pickModel: useCallback((model: catalog.Model) => {
      setState((s) => {
        if (!s.brand || !s.series) return s;
        const choice = { brand: s.brand, series: s.series, model };
        try {
          localStorage.setItem(STORAGE_KEY, JSON.stringify(choice));
        } catch {
          /* storage disabled: the choice lives for this visit */
        }
        return { ...s, cheXing: model.name, activeSelectData: choice, isCalculate: true };
      });
    }, []),
  };
}

/** 'brand > series > model', as far as chosen. */
export const choiceLabel = (s: Pick<CalculatorSelectState, 'pinPai' | 'cheXi' | 'cheXing'>) =>
  [s.pinPai, s.cheXi, s.cheXing].filter(Boolean).join(' > ');
