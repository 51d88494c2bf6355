import { disposal, normalizeVin, vinProblem } from '@chepai/shared';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { fetchModelBriefs } from '../../../api/catalog-queries';
import { beijing } from '../../../components/lots/format';
import { ApiError } from '../../../lib/request';
import { Notice } from '../../../components/plain/notice';
import { Skeleton } from '../../../components/plain/skeleton';
import { Steps } from '../../../components/plain/steps';
import {
  checkVin,
  deleteDraft,
  loadDraft,
  loadOrderForm,
  saveDraft,
  submitOrder,
  useDrafts,
  useDraftsRefresh,
} from '../api/dispose-api';
import { Item } from '../dispose/dispose-fields';
import { DocumentsStep } from '../dispose/documents-step';
import { fromOrderInfo, problemsOf, STEPS, toSubmitInput, type DisposeValues } from '../dispose/form-model';
import { PhotoBoard } from '../dispose/photo-board';
import { ReviewStep } from '../dispose/review-step';
import { TermsStep } from '../dispose/terms-step';
import { useDisposeForm } from '../dispose/use-dispose-form';
import { VehicleStep } from '../dispose/vehicle-step';
import '../dispose/dispose.css';
import '../sellers.css';
import { useFeedback } from '../../../components/feedback';
import { useUploadsBusy } from '../../../components/upload/upload-busy';

const AUTOSAVE_MS = 1500;
/** A VIN is asked about once the seller stops typing for this long. */
const VIN_CHECK_MS = 400;
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
 * Drawn without antd (docs/decisions/059-the-dispose-form-without-antd.md).
 */
export default function DisposeCarPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const { message, modal } = useFeedback();
  const uploads = useUploadsBusy();
  const [step, setStep] = useState(0);
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

  // What the server said of each VIN asked about: null when it may be used, or why not. Kept in a
  // ref as well, so that 下一步, which waits for an answer, reads it before the next render.
  const vinAnswers = useRef<Record<string, string | null>>({});
  const [, setVinAnswered] = useState(0);
  const vinAsked = useRef(new Map<string, Promise<unknown>>());
  const askVin = (vin: string) => {
    let asked = vinAsked.current.get(vin);
    if (!asked) {
      asked = checkVin(vin, orderId).then(
        (r) => {
          vinAnswers.current = {
            ...vinAnswers.current,
            [vin]: r.inUse ? (r.message ?? '该车架号不能重复提交') : null,
          };
          setVinAnswered((n) => n + 1);
        },
        // Unanswered (offline): asked again next time; meanwhile the submit decides.
        () => vinAsked.current.delete(vin),
      );
      vinAsked.current.set(vin, asked);
    }
    return asked;
  };

  const form = useDisposeForm(INITIAL, { vinInUse: (vin) => vinAnswers.current[vin] }, () =>
    onValuesChange(),
  );

  // The VIN is checked once the typing pauses: its form (length, check digit), then with the server.
  const typedVin = form.values.vin ?? '';
  useEffect(() => {
    if (!typedVin) return;
    const t = setTimeout(() => {
      form.touch(['vin']);
      const vin = normalizeVin(typedVin);
      if (!vinProblem(vin)) void askVin(vin);
    }, VIN_CHECK_MS);
    return () => clearTimeout(t);
    // askVin is the same question for the same VIN and order; form.touch is stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typedVin, orderId]);

  // Load what this visit edits: a returned order, a draft, or nothing (a new submission).
  useEffect(() => {
    let live = true;
    const fromOrder = async (id: string, draft?: DraftForm) => {
      const info = await loadOrderForm(id);
      if (info.status !== disposal.ORDER_STATUS.returned)
        return setLoaded({ state: 'locked', reason: '该订单当前不在“已驳回”状态，不能修改后重新提交。' });
      const values = { ...INITIAL, ...(draft ?? fromOrderInfo(info)) };
      // An order keeps its catalog model, not the brand and series it was picked under: the
      // catalog says them, so the pickers show the model and the step's check passes.
      if (values.modelId && !values.seriesId) {
        const [brief] = await fetchModelBriefs([values.modelId]).catch(() => []);
        if (brief) Object.assign(values, { brandId: brief.brandId, seriesId: brief.seriesId });
      }
      form.load(values);
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
        form.load({ ...INITIAL, ...values });
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
    const values: DraftForm = { ...form.current(), ...(orderId ? { resubmitOrderId: orderId } : {}) };
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
  const [checking, setChecking] = useState(false);
  const next = async () => {
    // A well-formed VIN waits for the server's answer, so a VIN in use is said here, not at submit.
    const typed = normalizeVin(form.current().vin ?? '');
    if (step === 0 && typed && !vinProblem(typed)) {
      setChecking(true);
      await askVin(typed).finally(() => setChecking(false));
    }
    if (form.validateStep(step)) goto(step + 1);
    else void message.warning('请先完善本步信息');
  };
  const submit = async () => {
    if (!form.validateStep(4)) return;
    const values = form.current();
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
  const removeDraft = (id: string) =>
    modal.confirm({
      title: '删除这份草稿？',
      okText: '删除',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: async () => {
        await deleteDraft(id);
        void refreshDrafts();
      },
    });

  if (loaded.state === 'locked')
    return (
      <div className="container">
        <div className="panel">
          <div className="plain-result" role="status">
            <p className="plain-result-code" aria-hidden="true">
              !
            </p>
            <h1 className="plain-result-title">无法编辑</h1>
            <p className="muted">{loaded.reason}</p>
            <Link className="btn btn-primary" to="/personalCenter/auctionOrder">
              返回拍卖订单
            </Link>
          </div>
        </div>
      </div>
    );

  const values = form.values;
  // Files of the order being resubmitted: removed from the form, they stay on the order.
  const keep = loaded.state === 'ready' ? loaded.keep : undefined;
  const stepBody = [
    <VehicleStep key="v" form={form} />,
    <DocumentsStep key="d" form={form} keepFileIds={keep} />,
    <Item key="p" form={form} name="photos" label="车辆照片" required group className="dispose-photos-field">
      {(aria) => (
        <div
          role="group"
          id={aria.id}
          tabIndex={-1}
          aria-labelledby={`${aria.id}-label`}
          aria-describedby={aria['aria-describedby']}
        >
          <PhotoBoard value={values.photos} onChange={(photos) => form.set({ photos })} keepFileIds={keep} />
        </div>
      )}
    </Item>,
    <TermsStep key="t" form={form} />,
  ];

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
          <Notice
            className="dispose-drafts"
            type="info"
            message={`你有 ${drafts.data!.length} 份未提交的草稿`}
            description={
              <ul className="dispose-draft-list">
                {drafts.data!.map((d) => (
                  <li key={d.draftId}>
                    <span>
                      {d.title} <span className="muted">{beijing(d.updatedAt)}</span>
                    </span>
                    <span>
                      <a className="dispose-link" href={`/disposeCar?draftId=${d.draftId}`}>
                        继续编辑
                      </a>
                      <button
                        type="button"
                        className="dispose-link danger"
                        onClick={() => removeDraft(d.draftId)}
                      >
                        删除
                      </button>
                    </span>
                  </li>
                ))}
              </ul>
            }
          />
        )}
        <Steps
          className="dispose-steps"
          current={step}
          onChange={goto}
          disabled={uploads.busy}
          items={STEPS.map((s) => s.title)}
        />
        <div className="dispose-step-caption" aria-hidden>
          第 {step + 1} 步 / 共 {STEPS.length} 步 · {STEPS[step]?.title}
        </div>
        {loaded.state === 'loading' ? (
          <Skeleton rows={8} />
        ) : (
          <form
            noValidate
            className="dispose-form"
            data-testid={`dispose-step-${step}`}
            onSubmit={(e) => e.preventDefault()}
          >
            <uploads.Track>
              {step < 4 ? stepBody[step] : <ReviewStep form={form} onGoto={goto} />}
            </uploads.Track>
            {/* Leaving the step would drop the files on their way, and the step's check would miss them. */}
            <p className="muted dispose-busy" role="status">
              {uploads.busy ? '文件上传中，完成后可保存或切换步骤' : ''}
            </p>
            {submitError && (
              <Notice type="error" message="提交未成功" description={submitError} className="dispose-error" />
            )}
            <div className="dispose-actions">
              {step > 0 && (
                <button type="button" className="btn" disabled={uploads.busy} onClick={() => goto(step - 1)}>
                  上一步
                </button>
              )}
              <button
                type="button"
                className="btn"
                disabled={uploads.busy}
                onClick={() =>
                  void save().then(
                    () => message.success('草稿已保存'),
                    () => message.error('草稿保存失败，请稍后再试'),
                  )
                }
              >
                保存草稿
              </button>
              {step < 4 ? (
                <button
                  type="button"
                  className="btn btn-primary"
                  disabled={uploads.busy || checking}
                  aria-busy={checking}
                  onClick={() => void next()}
                  data-testid="dispose-next"
                >
                  下一步
                </button>
              ) : (
                <button
                  type="button"
                  className="btn btn-primary"
                  disabled={submitting || uploads.busy || problemsOf(values).length > 0}
                  aria-busy={submitting}
                  onClick={() => void submit()}
                  data-testid="dispose-submit"
                >
                  {orderId ? '重新提交审核' : '提交审核'}
                </button>
              )}
            </div>
          </form>
        )}
      </div>
    </div>
  );
}
