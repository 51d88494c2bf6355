import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { amountInWords, BEIJING_OFFSET_MS, fenDisplay, fenToYuanString } from '@chepai/shared';
import type pdfmakeModule from 'pdfmake';
import { onFirstUse } from '../../lib/on-first-use';

/** What the 成交确认书 says: every fact it prints, so its hash covers the whole agreement. */
export interface ContractFacts {
  contractNo: string;
  lotId: string;
  seller: string;
  buyer: { name: string; tel: string };
  vehicle: {
    title: string;
    model: string;
    vin: string;
    plateNo: string;
    firstRegDate: string;
    mileageKm: number;
    color: string;
  };
  /** fen */
  finalPrice: number;
  depositApplied: number;
  balanceDue: number;
  serviceFee: number;
  closedAt: number;
  signDeadline: number;
  payDeadline: number;
  pickupAddress: string;
  /** The deal's terms (docs/decisions/024-deal-terms-and-deadlines.md). */
  pickupDays: number;
  transferDays: number;
  storageFeePerDay: number;
}

export interface ContractSignature {
  signer: string;
  signedAt: number;
  ip: string;
}

/** The SHA-256 of the agreement's content (canonical JSON of the facts): what the buyer signs. */
export function contractHash(facts: ContractFacts): string {
  return createHash('sha256').update(JSON.stringify(facts)).digest('hex');
}

const require = createRequire(import.meta.url);
const fontFile = (weight: string) =>
  require.resolve(`@expo-google-fonts/noto-sans-sc/${weight}/NotoSansSC_${weight}.ttf`);
/**
 * pdfmake with Noto Sans SC from npm (pdfkit subsets it, so a contract stays tens of kilobytes),
 * loaded on the first document: pdfmake, pdfkit and fontkit are some 6 MB of the server's heap that
 * every major collection would otherwise mark, for a page printed a few times a day
 * (docs/decisions/052-load-on-first-use.md).
 */
export const pdfEngine = onFirstUse<typeof pdfmakeModule>(() =>
  import('pdfmake').then(({ default: pdfmake }) => {
    const regular = fontFile('400Regular');
    const bold = fontFile('700Bold');
    pdfmake.setFonts({ NotoSansSC: { normal: regular, bold, italics: regular, bolditalics: bold } });
    // The contract embeds nothing from outside: no URL, and no local file but the two fonts.
    pdfmake.setUrlAccessPolicy(() => false);
    pdfmake.setLocalAccessPolicy((path) => path === regular || path === bold);
    return pdfmake;
  }),
);

export const money = fenDisplay;
/** A moment in Beijing time, as a contract writes it: 2026年11月25日 14:05. */
export const at = (ms: number) => {
  const t = new Date(ms + BEIJING_OFFSET_MS).toISOString();
  return `${t.slice(0, 4)}年${t.slice(5, 7)}月${t.slice(8, 10)}日 ${t.slice(11, 16)}`;
};

/** pdfmake's document nodes, as far as the contract needs them. */
type Content = string | Record<string, unknown>;

const row = (label: string, value: string): Content[] => [{ text: label, color: '#4e5969' }, { text: value }];

/** The terms of the platform, numbered; the buyer reads them before signing. */
const TERMS = (f: ContractFacts) => [
  `买受人应于${at(f.payDeadline)}前付清成交余款及买方服务费；逾期未付清视为悔拍，已缴保证金不予退还，平台有权将车辆另行处置。`,
  '车辆按拍卖时的现状交付，车况以拍品页面所载车况报告及照片为准；买受人参与竞价即视为已了解车辆现状。',
  `买受人付清全部款项后${f.pickupDays}日内到提车地点办理提车；逾期每日（不足一日按一日计）收取场地存放费${money(f.storageFeePerDay)}，由买受人承担。`,
  `交车后${f.transferDays}日内办理机动车转移登记；处置单位提供过户所需的登记证书、行驶证等手续。`,
  '本确认书以短信验证码方式电子签署，依《中华人民共和国电子签名法》第十三、十四条与手写签名具有同等效力；平台记录签署人、签署时间、签署地址及本确认书内容摘要。',
];

/** Renders the 成交确认书; a signed one carries the signature block. */
export async function renderContract(
  facts: ContractFacts,
  signature: ContractSignature | null,
): Promise<Buffer> {
  const pdfmake = await pdfEngine();
  const sha = contractHash(facts);
  const v = facts.vehicle;
  const doc = {
    info: { title: `车辆拍卖成交确认书 ${facts.contractNo}`, author: '车拍商城', subject: v.title },
    pageSize: 'A4',
    pageMargins: [48, 56, 48, 56],
    defaultStyle: { font: 'NotoSansSC', fontSize: 10, lineHeight: 1.35 },
    footer: (page: number, pages: number) => ({
      text: `确认书编号 ${facts.contractNo} · 第 ${page} / ${pages} 页`,
      alignment: 'center',
      fontSize: 8,
      color: '#86909c',
    }),
    content: [
      { text: '车辆拍卖成交确认书', fontSize: 18, bold: true, alignment: 'center', margin: [0, 0, 0, 6] },
      {
        columns: [
          { text: `编号：${facts.contractNo}`, fontSize: 9 },
          { text: `成交时间：${at(facts.closedAt)}`, fontSize: 9, alignment: 'right' },
        ],
        margin: [0, 0, 0, 12],
      },
      { text: '一、当事人', bold: true, margin: [0, 4, 0, 4] },
      {
        table: {
          widths: [90, '*'],
          body: [
            row('委托方（处置单位）', facts.seller),
            row('买受人', facts.buyer.name),
            row('买受人手机号', facts.buyer.tel),
            row('拍卖平台', '车拍商城'),
          ],
        },
        layout: 'lightHorizontalLines',
      },
      { text: '二、成交车辆', bold: true, margin: [0, 10, 0, 4] },
      {
        table: {
          widths: [90, '*'],
          body: [
            row('车辆', v.title),
            row('品牌型号', v.model),
            row('车架号（VIN）', v.vin),
            row('号牌号码', v.plateNo),
            row('初次登记日期', v.firstRegDate),
            row('表显里程', `${v.mileageKm.toLocaleString('zh-CN')} 公里`),
            row('车身颜色', v.color),
          ],
        },
        layout: 'lightHorizontalLines',
      },
      { text: '三、成交价款', bold: true, margin: [0, 10, 0, 4] },
      {
        table: {
          widths: [90, '*'],
          body: [
            row(
              '成交价',
              `${money(facts.finalPrice)}（人民币${amountInWords(fenToYuanString(facts.finalPrice))}）`,
            ),
            row('保证金抵作价款', money(facts.depositApplied)),
            row('应付余款', money(facts.balanceDue)),
            row('买方服务费', money(facts.serviceFee)),
            row(
              '合计应付',
              `${money(facts.balanceDue + facts.serviceFee)}（人民币${amountInWords(fenToYuanString(facts.balanceDue + facts.serviceFee))}）`,
            ),
          ],
        },
        layout: 'lightHorizontalLines',
      },
      { text: '四、期限与交付', bold: true, margin: [0, 10, 0, 4] },
      {
        table: {
          widths: [90, '*'],
          body: [
            row('签约截止', at(facts.signDeadline)),
            row('付款截止', at(facts.payDeadline)),
            row('提车期限', `付清全部款项后 ${facts.pickupDays} 日内`),
            row('提车地点', facts.pickupAddress || '以平台通知为准'),
            row('过户期限', `交车后 ${facts.transferDays} 日内`),
          ],
        },
        layout: 'lightHorizontalLines',
      },
      { text: '五、条款', bold: true, margin: [0, 10, 0, 4] },
      { ol: TERMS(facts), margin: [0, 0, 0, 10] },
      { text: `内容摘要（SHA-256）：${sha}`, fontSize: 8, color: '#4e5969', margin: [0, 4, 0, 10] },
      signature
        ? {
            table: {
              widths: [90, '*'],
              body: [
                [{ text: '电子签署', bold: true, colSpan: 2 }, {}],
                row('签署人', signature.signer),
                row('签署时间', at(signature.signedAt)),
                row('签署地址', signature.ip),
                row('签署方式', '短信验证码确认（买受人本人手机）'),
                row('签署内容摘要', sha),
              ],
            },
            layout: 'lightHorizontalLines',
          }
        : { text: '买受人签署：尚未签署（请在车拍商城“成交详情”页面在线签署）', color: '#c9302c' },
    ],
  };
  return pdfmake.createPdf(doc).getBuffer();
}
