import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api.ts';

/** The app's one query cache: the providers give it to the pages, and route loaders fill it ahead of them (lib/page-data.ts). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 60_000,
      refetchOnWindowFocus: false,
      // A 4xx will not change on retry; a slow network might.
      retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
    },
  },
});
