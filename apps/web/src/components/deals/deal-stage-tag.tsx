import type { deals } from '@chepai/shared';
import { DEAL_STAGE_COLOR } from '@chepai/shared/domain/deal-stage-color';
import { Tag } from 'antd';

/** A deal's stage as a tag, coloured alike in the mall and the console. */
export const DealStageTag = ({ stage, text }: { stage: deals.DealStage; text: string }) => (
  <Tag color={DEAL_STAGE_COLOR[stage]}>{text}</Tag>
);
