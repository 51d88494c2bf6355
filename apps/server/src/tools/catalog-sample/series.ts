import { DOMESTIC_SERIES } from './series-domestic';
import { GLOBAL_SERIES } from './series-global';
import type { SeriesFact } from './types';

// All series facts, Chinese brands first. The facts are split over two files only to keep each
// one reviewable; build-catalog.ts checks ids, brands, engines and powertrain keys.
export const SERIES: readonly SeriesFact[] = [...DOMESTIC_SERIES, ...GLOBAL_SERIES];
