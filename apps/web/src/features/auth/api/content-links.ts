import { content } from '@chepai/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

/** Where the bidding rules and the privacy policy are published (support articles, type 3). */
export function useAgreementLinks() {
  const { data } = useQuery({
    queryKey: ['support', 'list'],
    queryFn: () => callApi(content.supportList, {}, { silent: true }),
    staleTime: 600_000,
  });
  const about = data?.['3'] ?? [];
  const find = (word: string) => {
    const a = about.find((x) => x.title.includes(word));
    return a ? `/supportDetail/${a.id}` : '/footerSupport/woMen';
  };
  return { rules: find('竞买规则'), privacy: find('隐私') };
}
