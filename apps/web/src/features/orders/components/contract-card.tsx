import type { deals } from '@chepai/shared';
import { useState } from 'react';
import { downloadContract } from '../../../api/deal-queries';
import { lazyWithAntd } from '../../../components/antd-scope-lazy';
import { beijing } from '../../../components/lots/format';
import { useLazyDialog } from '../../../lib/use-lazy-dialog';

// The signing dialog and the paper upload are antd; they load when needed (docs/decisions/057): the
// dialog when its button is first reached, the upload while the deal waits for a signature.
const loadDialog = () => import('./contract-sign-dialog');
const ContractSignDialog = lazyWithAntd(async () => ({ default: (await loadDialog()).ContractSignDialog }));
const PaperContract = lazyWithAntd(async () => ({
  default: (await import('./paper-contract')).PaperContract,
}));

/** 成交确认书: download it, and sign it online with a code sent to the buyer's own phone. */
export function ContractCard({ deal }: { deal: deals.DealView }) {
  const dialog = useLazyDialog(loadDialog);
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      await downloadContract(deal.orderId);
    } finally {
      setDownloading(false);
    }
  };
  const canSign = deal.stage === 'signing';
  return (
    <section className="deal-card-section" data-testid="contract-card">
      <h2>成交确认书</h2>
      <p>
        编号 {deal.contract.no}
        {deal.contract.signedAt ? (
          <span className="deal-signed">
            {' '}
            · 已于 {beijing(deal.contract.signedAt)}{' '}
            {deal.paperContract?.status === 'accepted' ? '以纸质签署件签署' : '在线签署'}
          </span>
        ) : (
          <span className="muted"> · 尚未签署</span>
        )}
      </p>
      {deal.contract.sha256 && (
        <p className="muted deal-hash" title="成交确认书内容摘要（SHA-256）">
          内容摘要 {deal.contract.sha256}
        </p>
      )}
      <div className="deal-actions">
        <button
          type="button"
          className="btn"
          onClick={() => void download()}
          disabled={downloading}
          aria-busy={downloading}
        >
          {/* Signed on paper: the signed copy is the buyer's scan; the PDF here carries no signature. */}
          {deal.contract.signedAt && deal.paperContract?.status !== 'accepted'
            ? '下载已签署的确认书'
            : '下载确认书（PDF）'}
        </button>
        {canSign && (
          <button type="button" className="btn btn-primary" {...dialog.trigger}>
            在线签署
          </button>
        )}
      </div>
      {(canSign || deal.paperContract) && <PaperContract deal={deal} />}
      {dialog.mounted && (
        <ContractSignDialog
          deal={deal}
          open={dialog.open}
          onClose={dialog.close}
          onRead={() => void download()}
        />
      )}
    </section>
  );
}
