import { deals } from '@chepai/shared';
import { useState } from 'react';
import { lazyWithAntd } from '../../../components/antd-scope-lazy';
import { beijing } from '../../../components/lots/format';
import { Descriptions } from '../../../components/plain/descriptions';
import { Skeleton } from '../../../components/plain/skeleton';
import { preloadOn } from '../../../lib/use-lazy-dialog';

// The form (antd's DatePicker) loads as the pointer or the focus reaches its button (docs/decisions/057).
const loadForm = () => import('./pickup-form');
const PickupForm = lazyWithAntd(async () => ({ default: (await loadForm()).PickupForm }), <Skeleton />);

/** 提车安排: when, who collects, local or out-of-town transfer; changeable until the handover. */
export function PickupCard({ deal, now }: { deal: deals.DealView; now: number }) {
  const plan = deal.pickupPlan;
  const changeable = deal.stage === 'paying' || deal.stage === 'pickup';
  const [editing, setEditing] = useState(false);
  if (!changeable && !plan) return null;
  return (
    <section className="deal-card-section" data-testid="pickup-card">
      <h2>提车安排</h2>
      <p className="muted">提车地点：{deal.pickupAddress || '以平台通知为准'}</p>
      {plan && !editing && (
        <Descriptions
          small
          columns={2}
          labelWidth={110}
          items={[
            { label: '提车时间', children: `${plan.pickupDate} ${deals.PICKUP_SLOTS[plan.slot]}` },
            {
              label: '提车人',
              children:
                plan.collector === 'self'
                  ? '本人'
                  : `${plan.agentName ?? ''}（代提，${plan.agentTel ?? ''}，身份证 ${plan.agentIdMasked ?? ''}）`,
            },
            { label: '过户方式', children: deals.TRANSFER_KINDS[plan.transfer] },
            { label: '更新于', children: beijing(plan.updatedAt) },
          ]}
        />
      )}
      {changeable && !editing && (
        <div className="deal-actions">
          <button
            type="button"
            className={plan ? 'btn' : 'btn btn-primary'}
            onClick={() => setEditing(true)}
            {...preloadOn(loadForm)}
          >
            {plan ? '修改提车安排' : '安排提车'}
          </button>
        </div>
      )}
      {editing && <PickupForm deal={deal} now={now} onDone={() => setEditing(false)} />}
    </section>
  );
}
