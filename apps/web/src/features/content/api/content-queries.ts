import { content } from '@chepai/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

export const useSupportArticle = (id: string) =>
  useQuery({
    queryKey: ['support', id],
    queryFn: () => callApi(content.supportDetail, { id }),
    retry: false,
  });

export const useAnnouncement = (id: string) =>
  useQuery({
    queryKey: ['announcement', id],
    queryFn: () => callApi(content.announcementDetail, { id }),
    retry: false,
  });
