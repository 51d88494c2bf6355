import { lots } from '@chepai/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

export const useStatByDate = () =>
  useQuery({
    queryKey: ['lots', 'statByDate'],
    queryFn: () => callApi(lots.statByDate, {}),
    staleTime: 5 * 60_000,
  });
