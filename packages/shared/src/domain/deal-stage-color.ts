import type { DealStage } from '../contracts/deals';

/** The colour of a deal stage's tag, the same in the mall and the console (no zod: the web imports it). */
export const DEAL_STAGE_COLOR: Record<DealStage, string> = {
  signing: 'orange',
  paying: 'orange',
  pickup: 'blue',
  transfer: 'cyan',
  done: 'green',
  defaulted: 'default',
};
