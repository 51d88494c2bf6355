import { deals } from '@chepai/shared';
import { Button, DatePicker, Form, Input, Radio } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useArrangePickup } from '../../../api/deal-queries';
import { useFeedback } from '../../../components/feedback';
import { mutateThen } from '../../../lib/mutate-then';

interface PlanForm {
  pickupDate: Dayjs;
  slot: 'am' | 'pm';
  collector: 'self' | 'agent';
  agentName?: string;
  agentIdNo?: string;
  agentTel?: string;
  transfer: 'local' | 'outOfTown';
}

/**
 * The form of 提车安排: a date within the deadline, the time of day, who collects, and the kind of
 * transfer. antd's Form and DatePicker, loaded when the buyer opens it (docs/decisions/057).
 */
export function PickupForm({
  deal,
  now,
  onDone,
}: {
  deal: deals.DealView;
  now: number;
  /** Saved or cancelled: the card shows the plan again. */
  onDone: () => void;
}) {
  const { message } = useFeedback();
  const plan = deal.pickupPlan;
  const [form] = Form.useForm<PlanForm>();
  const arrange = useArrangePickup(deal.orderId);
  const collector = Form.useWatch('collector', form);
  // The server's rule: within the pickup deadline, or 7 days after the payment deadline before it is set.
  const step = (k: string) => deal.steps.find((s) => s.stage === k)?.deadline ?? null;
  const last = step('handedOver') ?? (step('paid') ?? now) + deals.PICKUP_DAYS * 86_400_000;
  const submit = (v: PlanForm) =>
    mutateThen(
      arrange,
      {
        pickupDate: v.pickupDate.format('YYYY-MM-DD'),
        slot: v.slot,
        collector: v.collector,
        transfer: v.transfer,
        ...(v.collector === 'agent'
          ? { agentName: v.agentName, agentIdNo: v.agentIdNo, agentTel: v.agentTel }
          : {}),
      },
      () => {
        onDone();
        void message.success('提车安排已保存');
      },
    );
  return (
    <Form<PlanForm>
      form={form}
      layout="vertical"
      className="deal-pickup-form"
      onFinish={submit}
      initialValues={
        plan
          ? {
              pickupDate: dayjs(plan.pickupDate),
              slot: plan.slot,
              collector: plan.collector,
              agentName: plan.agentName ?? undefined,
              agentTel: plan.agentTel ?? undefined,
              transfer: plan.transfer,
            }
          : { slot: 'am', collector: 'self', transfer: 'local' }
      }
    >
      <Form.Item name="pickupDate" label="提车日期" rules={[{ required: true, message: '请选择提车日期' }]}>
        <DatePicker
          className="full-width"
          placeholder="请选择日期"
          disabledDate={(d) => d.isBefore(dayjs(now).startOf('day')) || d.isAfter(dayjs(last).endOf('day'))}
        />
      </Form.Item>
      <Form.Item name="slot" label="时段">
        <Radio.Group
          options={Object.entries(deals.PICKUP_SLOTS).map(([value, label]) => ({ value, label }))}
        />
      </Form.Item>
      <Form.Item name="collector" label="提车人">
        <Radio.Group
          options={[
            { value: 'self', label: '本人提车' },
            { value: 'agent', label: '委托他人代提' },
          ]}
        />
      </Form.Item>
      {collector === 'agent' && (
        <>
          <Form.Item
            name="agentName"
            label="代提车人姓名"
            rules={[{ required: true, message: '请输入代提车人姓名' }]}
          >
            <Input maxLength={20} />
          </Form.Item>
          <Form.Item
            name="agentIdNo"
            label="代提车人身份证号"
            extra="加密保存，仅用于提车核验"
            rules={[{ required: true, message: '请输入代提车人身份证号' }]}
          >
            <Input maxLength={18} />
          </Form.Item>
          <Form.Item
            name="agentTel"
            label="代提车人手机号"
            rules={[
              { required: true, message: '请输入代提车人手机号' },
              { pattern: /^1\d{10}$/, message: '请输入正确的11位手机号' },
            ]}
          >
            <Input maxLength={11} inputMode="numeric" />
          </Form.Item>
        </>
      )}
      <Form.Item name="transfer" label="过户方式">
        <Radio.Group
          options={Object.entries(deals.TRANSFER_KINDS).map(([value, label]) => ({ value, label }))}
        />
      </Form.Item>
      <div className="deal-actions">
        <Button type="primary" htmlType="submit" loading={arrange.isPending}>
          保存提车安排
        </Button>
        <Button onClick={onDone}>取消</Button>
      </div>
    </Form>
  );
}
