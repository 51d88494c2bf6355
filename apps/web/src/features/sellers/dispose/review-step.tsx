import { disposal, lots } from '@chepai/shared';
import { Alert, Button, Checkbox, Collapse, Descriptions, Form } from 'antd';
import { beijing } from '../../../components/lots/format';
import { depositHint, problemsOf, STEPS, type DisposeValues } from './form-model';

const yesNo = (v: boolean | undefined) => (v === undefined ? '—' : v ? '是' : '否');
const yuan = (s: string | undefined) => (s && s.trim() ? `¥${Number(s).toLocaleString('zh-CN')}` : '—');

/** The platform's terms of the consignment, as the seller agrees to them before submitting. */
const TERMS = [
  '处置单位保证对车辆享有完整的处分权，所填车况、证件真实有效；隐瞒重大车况（事故、泡水、火烧、里程异常、抵押查封）的，平台可撤拍并追究违约责任。',
  '平台审核通过后按公告时间组织网络竞价；起拍价、加价幅度和保证金向竞买人公开，保留价不公开，最高出价低于保留价时流拍。',
  '竞价结束后，买受人在规定期限内签署成交确认书并支付车款；处置单位应配合看车、交车和过户，确认交车后平台结算车款。',
  '审核通过后、竞价开始前撤拍须说明原因，已缴保证金的竞买人全额退还；竞价开始后不能撤拍。',
];

/** Step 5: everything once more, what is still missing, the terms, then submit. */
export function ReviewStep({ values, onGoto }: { values: DisposeValues; onGoto: (step: number) => void }) {
  const problems = problemsOf(values);
  const hint = depositHint(values.startPrice);
  const docs = disposal.DISPOSAL_DOCUMENTS.filter((d) => values.docs?.[d.name]?.files?.length);
  const photos = values.photos ?? [];
  return (
    <div className="dispose-review">
      {problems.length > 0 ? (
        <Alert
          type="warning"
          showIcon
          message={`还有 ${problems.length} 项需要处理`}
          data-testid="review-problems"
          description={
            <ul className="dispose-problems">
              {problems.map((p) => (
                <li key={p.message}>
                  {p.message}{' '}
                  <Button type="link" size="small" onClick={() => onGoto(p.step)}>
                    去“{STEPS[p.step]?.title}”修改
                  </Button>
                </li>
              ))}
            </ul>
          }
        />
      ) : (
        <Alert type="success" showIcon message="信息已填写完整，请核对后提交" />
      )}
      <Descriptions
        title="车辆信息"
        bordered
        size="small"
        column={{ xs: 1, sm: 2, lg: 3 }}
        items={[
          {
            key: 'car',
            label: '车型',
            children:
              [values.brandName, values.seriesName, values.modelName].filter(Boolean).join(' ') || '—',
          },
          { key: 'vin', label: '车架号', children: values.vin || '—' },
          { key: 'plate', label: '车牌号', children: values.plateNo || '—' },
          {
            key: 'body',
            label: '车身类型',
            children: lots.BODY_TYPE_TEXT[values.bodyType as lots.BodyType] ?? '—',
          },
          { key: 'color', label: '颜色', children: values.color || '—' },
          { key: 'reg', label: '初次登记', children: values.firstRegDate || '—' },
          {
            key: 'km',
            label: '表显里程',
            children:
              values.mileageKm === undefined ? '—' : `${values.mileageKm.toLocaleString('zh-CN')} 公里`,
          },
          {
            key: 'fuel',
            label: '燃料 / 变速箱',
            children: `${values.fuelType ?? '—'} / ${values.transmission || '—'}`,
          },
          {
            key: 'disp',
            label: '排量 / 排放',
            children: `${values.displacement || '—'} / ${values.emissionStandard ?? '—'}`,
          },
          { key: 'usage', label: '使用性质', children: values.usageType ?? '—' },
          { key: 'transfer', label: '过户次数', children: values.transferCount ?? '—' },
          {
            key: 'keys',
            label: '钥匙',
            children: values.keyCount === undefined ? '—' : `${values.keyCount} 把`,
          },
          { key: 'insp', label: '年检到期', children: values.inspectionExpiry || '—' },
          { key: 'ins', label: '交强险到期', children: values.insuranceExpiry || '—' },
          {
            key: 'place',
            label: '所在地',
            children: [values.province, values.city].filter(Boolean).join(' ') || '—',
          },
          {
            key: 'cond',
            label: '事故 / 泡水 / 火烧 / 里程异常',
            children: [values.accident, values.flood, values.fire, values.odometerIssue]
              .map(yesNo)
              .join(' / '),
          },
          {
            key: 'own',
            label: '抵押 / 查封',
            children: `${yesNo(values.mortgaged)} / ${yesNo(values.seized)}`,
          },
          {
            key: 'viol',
            label: '未处理违章',
            children: `${values.violationCount ?? 0} 条${values.violationFine ? `，罚款 ${yuan(values.violationFine)}` : ''}`,
          },
        ]}
      />
      <Descriptions
        title="证件资料"
        bordered
        size="small"
        column={1}
        items={docs.map((d) => ({
          key: d.name,
          label: d.name,
          children: `${values.docs?.[d.name]?.files?.length ?? 0} 个文件${values.docs?.[d.name]?.expiry ? `，有效期至 ${values.docs[d.name]!.expiry}` : ''}`,
        }))}
      />
      <div className="dispose-review-title">车辆照片（{photos.length} 张，第一张为封面）</div>
      <div className="dispose-review-photos">
        {photos.map((p, i) => (
          <figure key={p.file.id}>
            <img src={p.file.thumbnailUrl || p.file.fileUrl} alt={p.label} />
            <figcaption>
              {i === 0 ? '封面 · ' : ''}
              {p.label}
            </figcaption>
          </figure>
        ))}
      </div>
      <Descriptions
        title="拍卖条款"
        bordered
        size="small"
        column={{ xs: 1, sm: 2 }}
        items={[
          { key: 'start', label: '起拍价', children: yuan(values.startPrice) },
          {
            key: 'reserve',
            label: '保留价（不公开）',
            children: values.reservePrice ? yuan(values.reservePrice) : '不设',
          },
          { key: 'inc', label: '加价幅度', children: yuan(values.increment) },
          {
            key: 'dep',
            label: '保证金',
            children: values.deposit
              ? yuan(values.deposit)
              : hint
                ? `${yuan(String(hint.default))}（默认10%）`
                : '—',
          },
          {
            key: 'win',
            label: '期望竞价时段',
            children: values.wishWindow
              ? `${beijing(values.wishWindow[0])} 至 ${beijing(values.wishWindow[1])}`
              : '—',
          },
          {
            key: 'view',
            label: '看车',
            children: `${values.viewingAddress || '—'}（${values.viewingTimes || '—'}）`,
          },
          { key: 'pick', label: '提车地址', children: values.pickupAddress || '—' },
          {
            key: 'contact',
            label: '提车联系人',
            children: `${values.pickupContact || '—'} ${values.pickupPhone || ''}`,
          },
        ]}
      />
      <Collapse
        className="dispose-terms"
        items={[
          {
            key: 'terms',
            label: '车辆委托拍卖须知',
            children: (
              <ol>
                {TERMS.map((t) => (
                  <li key={t}>{t}</li>
                ))}
              </ol>
            ),
          },
        ]}
      />
      <Form.Item
        name="agreed"
        valuePropName="checked"
        rules={[
          {
            validator: async (_: unknown, v: unknown) => {
              if (v !== true) throw new Error('请阅读并同意车辆委托拍卖须知');
            },
          },
        ]}
      >
        <Checkbox data-testid="agree">我已阅读并同意《车辆委托拍卖须知》，保证所填信息真实</Checkbox>
      </Form.Item>
    </div>
  );
}
