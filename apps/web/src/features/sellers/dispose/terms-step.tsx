import { disposal } from '@chepai/shared';
import { Col, Form, Input, Row } from 'antd';
import type { FormInstance } from 'antd';
import { WindowPicker } from './date-text';
import { depositHint, type DisposeValues } from './form-model';

const req = (message: string) => ({ required: true, message });
const MONEY = /^\d{1,9}(\.\d{1,2})?$/;
const money = (label: string) => ({ pattern: MONEY, message: `${label}请输入金额（元），最多两位小数` });
const half = { xs: 24, md: 12 };
const yuanNum = (s: unknown) => (typeof s === 'string' && MONEY.test(s.trim()) ? Number(s) : null);

/** Step 4: prices and deposit, the wished-for window, viewing and pickup. */
export function TermsStep({ form }: { form: FormInstance<DisposeValues> }) {
  const start = Form.useWatch('startPrice', form);
  const hint = depositHint(start);
  const startRule = (check: (value: number, start: number) => string | null) => ({
    validator: async (_: unknown, raw: unknown) => {
      const value = yuanNum(raw);
      const s = yuanNum(form.getFieldValue('startPrice'));
      if (value === null || s === null) return;
      const problem = check(value, s);
      if (problem) throw new Error(problem);
    },
  });
  return (
    <>
      <h2 className="dispose-h2">价格</h2>
      <Row gutter={16}>
        <Col {...half}>
          <Form.Item name="startPrice" label="起拍价（元）" rules={[req('请填写起拍价'), money('起拍价')]}>
            <Input inputMode="decimal" placeholder="例如 100000" data-testid="start-price" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="reservePrice"
            label="保留价（元，选填）"
            dependencies={['startPrice']}
            extra="保留价不公开；最高出价低于保留价时流拍"
            rules={[money('保留价'), startRule((v, s) => (v < s ? '保留价不能低于起拍价' : null))]}
          >
            <Input inputMode="decimal" placeholder="不设保留价可留空" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="increment"
            label="加价幅度（元）"
            dependencies={['startPrice']}
            rules={[
              req('请填写加价幅度'),
              money('加价幅度'),
              startRule((v, s) => (v > s ? '加价幅度不能超过起拍价' : v <= 0 ? '加价幅度须大于0' : null)),
            ]}
          >
            <Input inputMode="decimal" placeholder="例如 500" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="deposit"
            label="保证金（元）"
            dependencies={['startPrice']}
            extra={
              hint
                ? `留空即为起拍价的${disposal.DEPOSIT_PERCENT.default}%（${hint.default}元），可设为 ${hint.min}–${hint.max} 元`
                : `默认起拍价的${disposal.DEPOSIT_PERCENT.default}%，可设为${disposal.DEPOSIT_PERCENT.min}%–${disposal.DEPOSIT_PERCENT.max}%`
            }
            rules={[
              money('保证金'),
              startRule((v, s) =>
                v * 100 < s * disposal.DEPOSIT_PERCENT.min || v * 100 > s * disposal.DEPOSIT_PERCENT.max
                  ? `保证金须为起拍价的${disposal.DEPOSIT_PERCENT.min}%–${disposal.DEPOSIT_PERCENT.max}%`
                  : null,
              ),
            ]}
          >
            <Input inputMode="decimal" placeholder={hint ? String(hint.default) : '默认10%'} />
          </Form.Item>
        </Col>
      </Row>

      <h2 className="dispose-h2">期望拍卖时间</h2>
      <Form.Item
        name="wishWindow"
        label="期望的竞价时段"
        extra="平台排期时参考，最终时间以审核通过后的公告为准"
        rules={[
          req('请选择期望的竞价时段'),
          {
            validator: async (_: unknown, v: unknown) => {
              if (Array.isArray(v) && v[1] <= v[0]) throw new Error('期望结束时间须晚于开始时间');
            },
          },
        ]}
      >
        <WindowPicker />
      </Form.Item>

      <h2 className="dispose-h2">看车与提车</h2>
      <Row gutter={16}>
        <Col {...half}>
          <Form.Item name="viewingAddress" label="看车地点" rules={[req('请填写看车地点')]}>
            <Input maxLength={100} placeholder="详细地址" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="viewingTimes" label="看车时间" rules={[req('请填写看车时间')]}>
            <Input maxLength={100} placeholder="例如 工作日 9:00-17:00，需提前一天预约" />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="pickupAddress" label="提车地址" rules={[req('请填写提车地址')]}>
            <Input maxLength={100} placeholder="详细地址" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="pickupContact" label="提车联系人" rules={[req('请填写提车联系人')]}>
            <Input maxLength={20} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="pickupPhone"
            label="联系电话"
            rules={[
              req('请填写联系电话'),
              { pattern: disposal.CN_MOBILE_OR_LANDLINE, message: '联系电话格式不正确' },
            ]}
          >
            <Input maxLength={13} inputMode="tel" placeholder="手机或座机" />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}
