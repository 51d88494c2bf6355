import type { deals } from '@chepai/shared';
import { DEAL_STAGE_COLOR } from '@chepai/shared/domain/deal-stage-color';
import { Tag, type TagColor } from '../plain/tag';

/** A deal stage's tag colour, as in the console (`DEAL_STAGE_COLOR`). */
export const dealStageColor = (stage: deals.DealStage) => DEAL_STAGE_COLOR[stage] as TagColor;

/** A deal's stage as a tag, coloured alike in the mall and the console; plain, for any page. */
export const DealStageTag = ({ stage, text }: { stage: deals.DealStage; text: string }) => (
  <Tag color={dealStageColor(stage)}>{text}</Tag>
);
