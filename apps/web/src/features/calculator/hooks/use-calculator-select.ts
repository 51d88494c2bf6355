import type { catalog } from '@chepai/shared';
import { useCallback, useEffect, useState } from 'react';
import type { PickerStep } from '../../../components/car-picker/car-picker-panel';

// The calculator select (docs/product.md#11-compare-and-calculator): activeNum 1–3, pinPai / cheXi /
// cheXing names, the series picture, the chosen model (activeSelectData) and isCalculate. The
// choice is kept in localStorage so a returning visitor finds it highlighted again.

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

export function initialSelectState(): CalculatorSelectState {
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

function saveChoice(choice: CalculatorChoice | null) {
  try {
    if (choice) localStorage.setItem(STORAGE_KEY, JSON.stringify(choice));
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    /* storage disabled: the choice lives for this visit */
  }
}

/**
 * Clicking a step title (docs/product.md#11-compare-and-calculator): back to brand clears series
 * and model, back to series clears the model. A cleared model is no longer chosen: the result goes
 * with it (activeSelectData, isCalculate) and so does the stored choice. The step that was
 * returned to keeps its choice, highlighted in its list.
 */
export function stepBackTo(s: CalculatorSelectState, step: PickerStep): CalculatorSelectState {
  if (step >= s.activeNum) return s;
  const keepSeries = step === 2;
  return {
    ...s,
    activeNum: step,
    series: keepSeries ? s.series : null,
    cheXi: keepSeries ? s.cheXi : '',
    cheXiPicUrl: keepSeries ? s.cheXiPicUrl : '',
    cheXing: '',
    activeSelectData: null,
    isCalculate: false,
  };
}

export const pickBrandIn = (s: CalculatorSelectState, brand: catalog.Brand): CalculatorSelectState => ({
  ...s,
  activeNum: 2,
  brand,
  pinPai: brand.name,
  series: null,
  cheXi: '',
  cheXiPicUrl: '',
  cheXing: '',
  activeSelectData: null,
  isCalculate: false,
});

export const pickSeriesIn = (s: CalculatorSelectState, series: catalog.Series): CalculatorSelectState => ({
  ...s,
  activeNum: 3,
  series,
  cheXi: series.seriesName,
  cheXiPicUrl: series.seriesImg,
  cheXing: '',
  activeSelectData: null,
  isCalculate: false,
});

/**
 * Picking a model sets the model name and the chosen data
 * (docs/product.md#11-compare-and-calculator); the caller closes the dropdown.
 */
export function pickModelIn(s: CalculatorSelectState, model: catalog.Model): CalculatorSelectState {
  if (!s.brand || !s.series) return s;
  const choice = { brand: s.brand, series: s.series, model };
  return { ...s, cheXing: model.name, activeSelectData: choice, isCalculate: true };
}

export function useCalculatorSelect() {
  const [state, setState] = useState<CalculatorSelectState>(initialSelectState);
  // The stored choice follows the chosen model: set by a pick, removed when a step back clears it.
  const chosen = state.activeSelectData;
  useEffect(() => saveChoice(chosen), [chosen]);
  return {
    state,
    stepBack: useCallback((step: PickerStep) => setState((s) => stepBackTo(s, step)), []),
    pickBrand: useCallback((brand: catalog.Brand) => setState((s) => pickBrandIn(s, brand)), []),
    pickSeries: useCallback((series: catalog.Series) => setState((s) => pickSeriesIn(s, series)), []),
    pickModel: useCallback((model: catalog.Model) => setState((s) => pickModelIn(s, model)), []),
  };
}

/** 'brand > series > model', as far as chosen. */
export const choiceLabel = (s: Pick<CalculatorSelectState, 'pinPai' | 'cheXi' | 'cheXing'>) =>
  [s.pinPai, s.cheXi, s.cheXing].filter(Boolean).join(' > ');
