import { useSupportList } from '../../../api/content-queries';

/** Where the bidding rules and the privacy policy are published (support articles, type 3). */
export function useAgreementLinks() {
  const { data } = useSupportList();
  const about = data?.['3'] ?? [];
  const find = (word: string) => {
    const a = about.find((x) => x.title.includes(word));
    return a ? `/supportDetail/${a.id}` : '/footerSupport/woMen';
  };
  return { rules: find('竞买规则'), privacy: find('隐私') };
}
