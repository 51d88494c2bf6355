import { disposal } from '@chepai/shared';
import { Alert, Button, Form, Popconfirm, Result, Skeleton, Steps } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { beijing } from '../../../components/lots/format';
import { ApiError } from '../../../lib/request';
import {
  deleteDraft,
  loadDraft,
  loadOrderForm,
  saveDraft,
  submitOrder,
  useDrafts,
  useDraftsRefresh,
} from '../api/dispose-api';
import { DocumentsStep } from '../dispose/documents-step';
import { fromOrderInfo, problemsOf, STEPS, toSubmitInput, type DisposeValues } from '../dispose/form-model';
import { PhotoBoard } from '../dispose/photo-board';
import { ReviewStep } from '../dispose/review-step';
import { TermsStep } from '../dispose/terms-step';
import { VehicleStep } from '../dispose/vehicle-step';
import '../dispose/dispose.css';
import '../sellers.css';
import { useFeedback } from '../../../components/feedback';
import { useUploadsBusy } from '../../../components/upload';

const AUTOSAVE_MS = 1500;
const INITIAL: DisposeValues = {
  manual: false,
  usageType: '非营运',
  transferCount: 0,
  keyCount: 2,
  violationCount: 0,
};
/** Kept in a draft of a returned order, so coming back resumes the resubmission. */
type DraftForm = DisposeValues & { resubmitOrderId?: string };

type Loaded =
  | { state: 'loading' }
  | { state: 'ready'; orderId?: string; keep: ReadonlySet<string> }
  | { state: 'locked'; reason: string };

/**
 * 我要处置 (docs/product.md#14-disposal-and-review): the five steps of a submission, saved as a
 * draft while the seller types; `?draftId=` resumes a draft, `?orderId=` edits a returned order.
 */
export default function DisposeCarPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const { message } = useFeedback();
  const [form] = Form.useForm<DisposeValues>();
  const uploads = useUploadsBusy();
  const [step, setStep] = useState(0);
  const [, setTick] = useState(0);
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const draftId = useRef<string | undefined>(params.get('draftId') ?? undefined);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const fresh = !params.get('draftId') && !params.get('orderId');
  const drafts = useDrafts(fresh);
  const refreshDrafts = useDraftsRefresh();
  const orderId = loaded.state === 'ready' ? loaded.orderId : undefined;

  // Load what this visit edits: a returned order, a draft, or nothing (a new submission).
  useEffect(() => {
    let live = true;
    const fromOrder = async (id: string, draft?: DraftForm) => {
      const info = await loadOrderForm(id);
      if (info.status !== disposal.ORDER_STATUS.returned)
        return setLoaded({ state: 'locked', reason: '该订单当前不在“已驳回”状态，不能修改后重新提交。' });
      const values = draft ?? fromOrderInfo(info);
      form.setFieldsValue(values);
      const keep = new Set([...info.photos.map((p) => p.fileId), ...info.documents.map((d) => d.fileId)]);
      setLoaded({ state: 'ready', orderId: id, keep });
    };
    const run = async () => {
      const order = params.get('orderId');
      const draft = params.get('draftId');
      if (order) return fromOrder(order);
      if (draft) {
        const d = await loadDraft(draft);
        const values = d.form as DraftForm;
        if (values.resubmitOrderId) return fromOrder(values.resubmitOrderId, values);
        form.setFieldsValue(values);
        setSavedAt(d.updatedAt);
      }
      setLoaded({ state: 'ready', keep: new Set() });
    };
    run().catch((e: unknown) => {
      if (live)
        setLoaded({ state: 'locked', reason: e instanceof Error ? e.message : '加载失败，请稍后再试' });
    });
    return () => {
      live = false;
    };
    // Loaded once per visit; the URL's draftId changes as the draft is first saved.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // One save at a time: the first creates the draft, the next ones must know its id.
  const chain = useRef<Promise<unknown>>(Promise.resolve());
  const save = () => {
    const run = chain.current.then(saveNow);
    chain.current = run.catch(() => undefined);
    return run;
  };
  const saveNow = async () => {
    clearTimeout(timer.current);
    const values: DraftForm = {
      ...(form.getFieldsValue(true) as DisposeValues),
      ...(orderId ? { resubmitOrderId: orderId } : {}),
    };
    const summary = await saveDraft(draftId.current, values as Record<string, unknown>);
    if (!draftId.current) {
      draftId.current = summary.draftId;
      setParams(
        (p) => {
          p.set('draftId', summary.draftId);
          p.delete('orderId');
          return p;
        },
        { replace: true },
      );
    }
    setSavedAt(summary.updatedAt);
    void refreshDrafts();
    return summary;
  };
  const dirty = useRef(false);
  const autosave = () => {
    if (!dirty.current) return;
    dirty.current = false;
    void save().catch(() => {
      dirty.current = true;
      setSavedAt(null);
    });
  };
  const onValuesChange = () => {
    dirty.current = true;
    setTick((n) => n + 1);
    setSubmitError(null);
    clearTimeout(timer.current);
    timer.current = setTimeout(autosave, AUTOSAVE_MS);
  };
  useEffect(() => () => clearTimeout(timer.current), []);

  const goto = (next: number) => {
    // Moving between steps keeps what was typed at once, not after the pause.
    autosave();
    setStep(next);
    window.scrollTo({ top: 0 });
  };
  const next = async () => {
    try {
      await form.validateFields();
      goto(step + 1);
    } catch {
      void message.warning('请先完善本步信息');
      document.querySelector('.ant-form-item-has-error')?.scrollIntoView({ block: 'center' });
    }
  };
  const submit = async () => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    const values = form.getFieldsValue(true) as DisposeValues;
    if (problemsOf(values).length) return;
    clearTimeout(timer.current);
    setSubmitting(true);
    try {
      await chain.current; // a draft being created is deleted with the submission
      dirty.current = false;
      const input = {
        ...toSubmitInput(values),
        ...(orderId ? { orderId } : {}),
        ...(draftId.current ? { draftId: draftId.current } : {}),
      } as Parameters<typeof submitOrder>[0];
      const res = await submitOrder(input);
      void refreshDrafts();
      void navigate(`/orderSuccess?orderId=${res.orderId}${orderId ? '&resubmitted=1' : ''}`, {
        replace: true,
      });
    } catch (e) {
      setSubmitError(e instanceof ApiError || e instanceof Error ? e.message : '提交失败，请稍后再试');
    } finally {
      setSubmitting(false);
    }
  };

  const values = form.getFieldsValue(true) as DisposeValues;
  const stepBody = useMemo(
    () => [
      <VehicleStep key="v" form={form} orderId={orderId} />,
      <DocumentsStep key="d" form={form} />,
      <Form.Item
        key="p"
        name="photos"
        rules={[
          {
            validator: async (_: unknown, v: unknown) => {
              const n = Array.isArray(v) ? v.length : 0;
              if (n < disposal.MIN_PHOTOS) throw new Error(`请至少上传${disposal.MIN_PHOTOS}张车辆照片`);
            },
          },
        ]}
      >
        <PhotoBoard keepFileIds={loaded.state === 'ready' ? loaded.keep : undefined} />
      </Form.Item>,
      <TermsStep key="t" form={form} />,
    ],
    [form, orderId, loaded],
  );

  if (loaded.state === 'locked')
    return (
      <div className="container">
        <div className="panel">
          <Result
            status="warning"
            title="无法编辑"
            subTitle={loaded.reason}
            extra={<Link to="/personalCenter/auctionOrder">返回拍卖订单</Link>}
          />
        </div>
      </div>
    );

  return (
    <div className="container dispose-page">
      <div className="panel">
        <div className="dispose-head">
          <h1 className="dispose-title">{orderId ? '修改后重新提交' : '我要处置车辆'}</h1>
          <span className="muted dispose-saved" data-testid="draft-saved" aria-live="polite">
            {savedAt ? `草稿已自动保存 ${beijing(savedAt).slice(11)}` : '填写内容会自动保存为草稿'}
          </span>
        </div>
        {fresh && step === 0 && (drafts.data?.length ?? 0) > 0 && (
          <Alert
            className="dispose-drafts"
            type="info"
            showIcon
            message={`你有 ${drafts.data!.length} 份未提交的草稿`}
            description={
              <ul className="dispose-draft-list">
                {drafts.data!.map((d) => (
                  <li key={d.draftId}>
                    <span>
                      {d.title} <span className="muted">{beijing(d.updatedAt)}</span>
                    </span>
                    <span>
                      <Button type="link" size="small" href={`/disposeCar?draftId=${d.draftId}`}>
                        继续编辑
                      </Button>
                      <Popconfirm
                        title="删除这份草稿？"
                        okText="删除"
                        cancelText="取消"
                        okButtonProps={{ danger: true }}
                        onConfirm={async () => {
                          await deleteDraft(d.draftId);
                          void refreshDrafts();
                        }}
                      >
                        <Button type="link" size="small" danger>
                          删除
                        </Button>
                      </Popconfirm>
                    </span>
                  </li>
                ))}
              </ul>
            }
          />
        )}
        <Steps
          className="dispose-steps"
          size="small"
          responsive={false}
          current={step}
          onChange={goto}
          items={STEPS.map((s) => ({ title: s.title }))}
        />
        <div className="dispose-step-caption" aria-hidden>
          第 {step + 1} 步 / 共 {STEPS.length} 步 · {STEPS[step]?.title}
        </div>
        {loaded.state === 'loading' ? (
          <Skeleton active paragraph={{ rows: 8 }} />
        ) : (
          <Form
            form={form}
            layout="vertical"
            initialValues={INITIAL}
            onValuesChange={onValuesChange}
            scrollToFirstError
            className="dispose-form"
            data-testid={`dispose-step-${step}`}
          >
            <uploads.Track>
              {step < 4 ? stepBody[step] : <ReviewStep values={values} onGoto={goto} />}
            </uploads.Track>
            {submitError && (
              <Alert
                type="error"
                showIcon
                message="提交未成功"
                description={submitError}
                className="dispose-error"
              />
            )}
            <div className="dispose-actions">
              {step > 0 && <Button onClick={() => goto(step - 1)}>上一步</Button>}
              <Button
                disabled={uploads.busy}
                onClick={() =>
                  void save().then(
                    () => message.success('草稿已保存'),
                    () => message.error('草稿保存失败，请稍后再试'),
                  )
                }
              >
                保存草稿
              </Button>
              {step < 4 ? (
                <Button
                  type="primary"
                  disabled={uploads.busy}
                  onClick={() => void next()}
                  data-testid="dispose-next"
                >
                  下一步
                </Button>
              ) : (
                <Button
                  type="primary"
                  loading={submitting}
                  disabled={uploads.busy || problemsOf(values).length > 0}
                  onClick={() => void submit()}
                  data-testid="dispose-submit"
                >
                  {orderId ? '重新提交审核' : '提交审核'}
                </Button>
              )}
            </div>
          </Form>
        )}
      </div>
    </div>
  );
}
