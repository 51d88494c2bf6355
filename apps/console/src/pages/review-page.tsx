import { consoleApi, type EndpointOutput } from '@chepai/shared';
import { Alert, App, Button, DatePicker, Descriptions, Drawer, Image, Input, Space, Tabs, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc';
import { useState } from 'react';
import { TemplatePlanner } from '../template-planner';
import { PagedTable } from '../paged-table';
import { consoleCall, type StoredOperator } from '../console-api';
import { useLoad } from '../use-load';
import { fmt } from '../deals/deal-format';

type Detail = EndpointOutput<typeof consoleApi.reviewDetail>;

dayjs.extend(utc);
/** Schedules are set in Beijing time whatever the operator's computer says. */
const BEIJING = 8 * 60;
const beijing = (d: Dayjs = dayjs()) => d.utcOffset(BEIJING);

/** A first schedule to start from: preview now, registration tomorrow, bidding 10:00–11:00 the day after. */
function suggestedTimes(): [Dayjs, Dayjs, Dayjs, Dayjs] {
  const start = beijing().add(2, 'day').hour(10).minute(0).second(0).millisecond(0);
  return [
    beijing().add(5, 'minute').second(0).millisecond(0),
    beijing().add(1, 'day').hour(9).minute(0).second(0).millisecond(0),
    start,
    start.add(1, 'hour'),
  ];
}

const FORM_LABELS: Array<[string, string]> = [
  ['brandName', '品牌'],
  ['seriesName', '车系'],
  ['modelName', '车型'],
  ['firstRegDate', '初次登记'],
  ['mileageKm', '表显里程(km)'],
  ['color', '颜色'],
  ['fuelType', '燃料'],
  ['transmission', '变速箱'],
  ['emissionStandard', '排放'],
  ['usageType', '使用性质'],
  ['transferCount', '过户次数'],
  ['startPrice', '起拍价(元)'],
  ['reservePrice', '保留价(元)'],
  ['increment', '加价幅度(元)'],
  ['deposit', '保证金(元)'],
  ['pickupAddress', '提车地址'],
];

/** A form value as text: strings and numbers as they are, nothing as a dash. */
const shown = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '—');

function Checks({ checks }: { checks: Detail['checks'] }) {
  const item = (ok: boolean, text: string) => <Tag color={ok ? 'green' : 'red'}>{text}</Tag>;
  return (
    <Space wrap>
      {item(checks.vinValid, checks.vinValid ? '车架号校验位正确' : '车架号校验位错误')}
      {item(
        !checks.vinDuplicateOrderIds.length,
        checks.vinDuplicateOrderIds.length
          ? `车架号重复：${checks.vinDuplicateOrderIds.join('、')}`
          : '车架号无重复',
      )}
      {item(
        !checks.missingAngles.length,
        checks.missingAngles.length
          ? `缺少角度：${checks.missingAngles.join('、')}`
          : `照片${checks.photoCount}张，角度齐全`,
      )}
      {item(
        !checks.missingDocuments.length,
        checks.missingDocuments.length ? `缺少证件：${checks.missingDocuments.join('、')}` : '必备证件齐全',
      )}
      {item(
        !checks.expiredDocuments.length,
        checks.expiredDocuments.length
          ? `证件过期：${checks.expiredDocuments.join('、')}`
          : '证件均在有效期内',
      )}
      {checks.guidePrice ? (
        <Tag color="blue">
          指导价 {checks.guidePrice} 元，起拍价为其 {Math.round((checks.startToGuide ?? 0) * 100)}%
        </Tag>
      ) : (
        <Tag>车型不在车型库，无指导价</Tag>
      )}
    </Space>
  );
}

function ReviewDrawer({
  orderId,
  onClose,
  onDone,
  canReview,
}: {
  orderId: string;
  onClose: () => void;
  onDone: () => void;
  canReview: boolean;
}) {
  const { message } = App.useApp();
  const { data, error } = useLoad(() => consoleCall(consoleApi.reviewDetail, { orderId }), [orderId]);
  const [times, setTimes] = useState(suggestedTimes);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await action();
      message.success(done);
      onDone();
    } catch (e) {
      message.error((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const [preview, reg, start, end] = times;
  const approve = () =>
    run(
      () =>
        consoleCall(consoleApi.approve, {
          orderId,
          previewTime: preview.valueOf(),
          regStartTime: reg.valueOf(),
          startTime: start.valueOf(),
          endTime: end.valueOf(),
        }),
      '已通过审核并排期',
    );
  const pending = data?.status === 1;
  return (
    <Drawer
      open
      width={Math.min(880, window.innerWidth)}
      title={data ? `${data.title}（${data.orderId}）` : '审核详情'}
      onClose={onClose}
    >
      {error && <Alert type="error" message={error} showIcon />}
      {data && (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <Descriptions
            size="small"
            column={1}
            items={[
              {
                key: 'u',
                label: '处置单位',
                children: `${data.sellerUnit.name}（${data.sellerUnit.orgType}）`,
              },
              { key: 'v', label: '车架号 / 车牌', children: `${data.vin} / ${data.plateNo}` },
              {
                key: 's',
                label: '提交',
                children: `${fmt(data.submittedAt)}（第${data.submitCount}次提交）`,
              },
            ]}
          />
          <Checks checks={data.checks} />
          <Image.PreviewGroup>
            <div className="console-photos">
              {data.photos.map((p) => (
                <figure key={p.fileId}>
                  <Image src={p.url} alt={p.label} width="100%" height={90} style={{ objectFit: 'cover' }} />
                  <figcaption>{p.label}</figcaption>
                </figure>
              ))}
            </div>
          </Image.PreviewGroup>
          <Space wrap>
            {data.documents.map((d) => (
              <Button key={d.fileId} href={d.url} target="_blank" rel="noreferrer">
                {d.name}
                {d.expiry ? `（至${d.expiry}）` : ''}
              </Button>
            ))}
          </Space>
          <Descriptions
            size="small"
            bordered
            // Every breakpoint named: antd fills the missing ones with 3 columns, too wide for the drawer.
            column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 2 }}
            items={FORM_LABELS.map(([k, label]) => ({
              key: k,
              label,
              children: shown(data.form[k]),
            }))}
          />
          {data.reviewReason && (
            <Alert type="warning" showIcon message={`上次审核意见：${data.reviewReason}`} />
          )}
          {pending && canReview && (
            <Space direction="vertical" style={{ width: '100%' }}>
              <b>排期（北京时间）</b>
              <TemplatePlanner
                onPlanned={(t, note) => {
                  setTimes(
                    [t.previewTime, t.regStartTime, t.startTime, t.endTime].map((ms) =>
                      beijing(dayjs(ms)),
                    ) as typeof times,
                  );
                  message.info(`已按场次模板填入时间：${note}`);
                }}
              />
              <Space wrap>
                {(['预告开始', '报名开始', '开拍', '结束'] as const).map((label, i) => (
                  <Space key={label} direction="vertical" size={2}>
                    <span>{label}</span>
                    <DatePicker
                      showTime={{ format: 'HH:mm' }}
                      format="YYYY-MM-DD HH:mm"
                      allowClear={false}
                      value={times[i]}
                      onChange={(v) => {
                        const next = [...times] as typeof times;
                        // The picked wall-clock time is Beijing time.
                        next[i] = v.utcOffset(BEIJING, true);
                        setTimes(next);
                      }}
                    />
                  </Space>
                ))}
              </Space>
              <Button type="primary" loading={busy} onClick={() => void approve()}>
                通过并排期
              </Button>
              <Input.TextArea
                rows={2}
                maxLength={500}
                placeholder="驳回原因或修改意见（至少2个字）"
                value={reason}
                onChange={(e) => setReason(e.target.value)}
              />
              <Space>
                <Button
                  danger
                  disabled={reason.trim().length < 2}
                  loading={busy}
                  onClick={() =>
                    void run(() => consoleCall(consoleApi.reject, { orderId, reason }), '已驳回')
                  }
                >
                  驳回
                </Button>
                <Button
                  disabled={reason.trim().length < 2}
                  loading={busy}
                  onClick={() =>
                    void run(
                      () => consoleCall(consoleApi.requestChanges, { orderId, reason, items: [] }),
                      '已要求修改',
                    )
                  }
                >
                  要求修改
                </Button>
              </Space>
            </Space>
          )}
        </Space>
      )}
    </Drawer>
  );
}

/** 审核队列: submissions oldest first; open one to check it and decide. */
export function ReviewPage({ operator }: { operator: StoredOperator }) {
  const [status, setStatus] = useState(1);
  const [pageNum, setPageNum] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const { data, error, loading, reload } = useLoad(
    () => consoleCall(consoleApi.reviewList, { pageNum, pageSize: 20, status }),
    [pageNum, status],
  );
  const canReview = operator.roles.includes('admin') || operator.roles.includes('reviewer');
  return (
    <>
      <Tabs
        activeKey={String(status)}
        onChange={(k) => {
          setStatus(Number(k));
          setPageNum(1);
        }}
        items={[
          { key: '1', label: '待审核' },
          { key: '8', label: '已驳回' },
        ]}
      />
      {error && <Alert type="error" message={error} showIcon style={{ marginBottom: 12 }} />}
      <PagedTable
        rowKey="orderId"
        loading={loading}
        dataSource={data?.list ?? []}
        minWidth={760}
        pageNum={pageNum}
        total={data?.total}
        onPage={setPageNum}
        onRow={(r) => ({ onClick: () => setOpen(r.orderId), style: { cursor: 'pointer' } })}
        columns={[
          {
            title: '车辆',
            dataIndex: 'title',
            render: (v: string, r) => (
              <Space>
                <img src={r.coverUrl} alt="" width={56} height={40} style={{ objectFit: 'cover' }} />
                {v}
              </Space>
            ),
          },
          { title: '处置单位', dataIndex: 'sellerName', width: 180, ellipsis: true },
          { title: '起拍价（元）', dataIndex: 'startPrice', width: 120, align: 'right' },
          { title: '照片', dataIndex: 'photoCount', width: 60, align: 'right' },
          { title: '提交时间', dataIndex: 'submittedAt', width: 170, render: fmt },
          {
            title: '',
            width: 70,
            render: (_, r) => (
              <Button type="link" onClick={() => setOpen(r.orderId)}>
                {status === 1 ? '审核' : '查看'}
              </Button>
            ),
          },
        ]}
      />
      {open && (
        <ReviewDrawer
          orderId={open}
          canReview={canReview}
          onClose={() => setOpen(null)}
          onDone={() => {
            setOpen(null);
            reload();
          }}
        />
      )}
    </>
  );
}
