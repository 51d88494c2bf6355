import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import type { LotDetail } from '@chepai/shared/contracts/lots';

const GRADE_COLOR: Record<string, string> = { A: 'green', B: 'blue', C: 'orange' };
const PARTS = [
  ['exterior', '外观'],
  ['interior', '内饰'],
  ['engine', '发动机及变速箱'],
  ['chassis', '底盘'],
] as const;

function Flag({ label, bad }: { label: string; bad: boolean }) {
  return (
    <span className={bad ? 'flag bad' : 'flag good'}>
      {bad ? <CloseCircleFilled /> : <CheckCircleFilled />} {bad ? `有${label}` : `无${label}`}
    </span>
  );
}

/** The structured condition report: grades per part, accident / flood / fire, inspector notes, documents. */
export function ConditionSection({ lot }: { lot: LotDetail }) {
  const c = lot.condition;
  return (
    <section className="panel lot-section" id="condition">
      <h2 className="panel-title">
        车况检测报告{' '}
        <span className="muted condition-meta">
          {c.inspector} · 检测日期 {c.inspectedAt}
        </span>
      </h2>
      <div className="condition-head">
        <div className="condition-grade">
          <strong>{c.overallGrade}</strong>
          <span>综合评级</span>
        </div>
        <div className="condition-flags">
          <Flag label="重大事故" bad={c.accident} />
          <Flag label="泡水" bad={c.flood} />
          <Flag label="火烧" bad={c.fire} />
          <p className="muted">{c.notes}</p>
        </div>
      </div>
      <ul className="condition-parts">
        {PARTS.map(([key, label]) => (
          <li key={key}>
            <span className="part-name">{label}</span>
            <span className={`tag tag-${GRADE_COLOR[c[key].grade] ?? 'plain'}`}>{c[key].grade}级</span>
            <span>{c[key].notes}</span>
          </li>
        ))}
      </ul>
      <h3 className="docs-title">随车手续</h3>
      <div className="docs">
        {lot.documents.map((d) => (
          <span key={d.name} className={d.provided ? 'flag good' : 'flag missing'}>
            {d.provided ? <CheckCircleFilled /> : <CloseCircleFilled />} {d.name}
            {d.provided ? '' : '（缺失）'}
          </span>
        ))}
      </div>
    </section>
  );
}
