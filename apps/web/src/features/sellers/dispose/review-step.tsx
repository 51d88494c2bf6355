import { disposal, lots } from '@chepai/shared';
import { Descriptions, type DescriptionItem } from '../../../components/plain/descriptions';
import { FieldMessage } from '../../../components/plain/field';
import { Notice } from '../../../components/plain/notice';
import { beijing } from '../../../components/lots/format';
import { depositHint, problemsOf, STEPS } from './form-model';
import type { DisposeForm } from './use-dispose-form';

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
export function ReviewStep({ form, onGoto }: { form: DisposeForm; onGoto: (step: number) => void }) {
  const { values } = form;
  const agreeId = form.id('agreed');
  const problems = problemsOf(values);
  const hint = depositHint(values.startPrice);
  const docs = disposal.DISPOSAL_DOCUMENTS.filter((d) => values.docs?.[d.name]?.files?.length);
  const photos = values.photos ?? [];
  return (
    <div className="dispose-review">
      {problems.length > 0 ? (
        <Notice
          type="warning"
          message={`还有 ${problems.length} 项需要处理`}
          data-testid="review-problems"
          description={
            <ul className="dispose-problems">
              {problems.map((p) => (
                <li key={p.message}>
                  {p.message}{' '}
                  <button type="button" className="dispose-link" onClick={() => onGoto(p.step)}>
                    去“{STEPS[p.step]?.title}”修改
                  </button>
                </li>
              ))}
            </ul>
          }
        />
      ) : (
        <Notice type="success" message="信息已填写完整，请核对后提交" />
      )}
      <h3 className="dispose-review-title">车辆信息</h3>
      <Descriptions
        small
        columns={2}
        labelWidth={150}
        items={[
          {
            label: '车型',
            children:
              [values.brandName, values.seriesName, values.modelName].filter(Boolean).join(' ') || '—',
          },
          { label: '车架号', children: values.vin || '—' },
          { label: '车牌号', children: values.plateNo || '—' },
          {
            label: '车身类型',
            children: lots.BODY_TYPE_TEXT[values.bodyType as lots.BodyType] ?? '—',
          },
          { label: '颜色', children: values.color || '—' },
          { label: '初次登记', children: values.firstRegDate || '—' },
          {
            label: '表显里程',
            children: values.mileageKm == null ? '—' : `${values.mileageKm.toLocaleString('zh-CN')} 公里`,
          },
          {
            label: '燃料 / 变速箱',
            children: `${values.fuelType ?? '—'} / ${values.transmission || '—'}`,
          },
          {
            label: '排量 / 排放',
            children: `${values.displacement || '—'} / ${values.emissionStandard ?? '—'}`,
          },
          { label: '使用性质', children: values.usageType ?? '—' },
          { label: '过户次数', children: values.transferCount ?? '—' },
          {
            label: '钥匙',
            children: values.keyCount == null ? '—' : `${values.keyCount} 把`,
          },
          { label: '年检到期', children: values.inspectionExpiry || '—' },
          { label: '交强险到期', children: values.insuranceExpiry || '—' },
          {
            label: '所在地',
            children: [values.province, values.city].filter(Boolean).join(' ') || '—',
          },
          {
            label: '事故 / 泡水 / 火烧 / 里程异常',
            children: [values.accident, values.flood, values.fire, values.odometerIssue]
              .map(yesNo)
              .join(' / '),
          },
          {
            label: '抵押 / 查封',
            children: `${yesNo(values.mortgaged)} / ${yesNo(values.seized)}`,
          },
          {
            label: '未处理违章',
            children: `${values.violationCount ?? 0} 条${values.violationFine ? `，罚款 ${yuan(values.violationFine)}` : ''}`,
          },
        ]}
      />
      <h3 className="dispose-review-title">证件资料</h3>
      <Descriptions
        small
        labelWidth={150}
        items={docs.map((d): DescriptionItem => ({
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
      <h3 className="dispose-review-title">拍卖条款</h3>
      <Descriptions
        small
        columns={2}
        labelWidth={150}
        items={[
          { label: '起拍价', children: yuan(values.startPrice) },
          {
            label: '保留价（不公开）',
            children: values.reservePrice ? yuan(values.reservePrice) : '不设',
          },
          { label: '加价幅度', children: yuan(values.increment) },
          {
            label: '保证金',
            children: values.deposit
              ? yuan(values.deposit)
              : hint
                ? `${yuan(String(hint.default))}（默认10%）`
                : '—',
          },
          {
            label: '期望竞价时段',
            children: values.wishWindow
              ? `${beijing(values.wishWindow[0])} 至 ${beijing(values.wishWindow[1])}`
              : '—',
          },
          {
            label: '看车',
            children: `${values.viewingAddress || '—'}（${values.viewingTimes || '—'}）`,
          },
          { label: '提车地址', children: values.pickupAddress || '—' },
          {
            label: '提车联系人',
            children: `${values.pickupContact || '—'} ${values.pickupPhone || ''}`,
          },
        ]}
      />
      <details className="dispose-terms">
        <summary>车辆委托拍卖须知</summary>
        <ol>
          {TERMS.map((t) => (
            <li key={t}>{t}</li>
          ))}
        </ol>
      </details>
      <div className="plain-field dispose-agree">
        <label className="plain-check">
          <input
            type="checkbox"
            id={agreeId}
            data-testid="agree"
            checked={values.agreed === true}
            aria-invalid={Boolean(form.errors.agreed)}
            aria-describedby={form.errors.agreed ? `${agreeId}-error` : undefined}
            onChange={(e) => form.set({ agreed: e.target.checked })}
          />
          <span>我已阅读并同意《车辆委托拍卖须知》，保证所填信息真实</span>
        </label>
        <FieldMessage id={agreeId} error={form.errors.agreed} announce={form.announces('agreed')} />
      </div>
    </div>
  );
}
