import useSWR from 'swr';
import type { NotificationPreference } from '@wallet/shared/contracts';
import { apiRequest } from '@wallet/shared/api';

/** The contracts' NOTIFICATION_PREFERENCES_PATH, written here: the page's chunk carries no zod. */
const PREFERENCES_PATH = '/notifications/preferences';

export interface NotificationPreferences {
  preferences: NotificationPreference[];
  /** How many of the person's browsers receive pushes. */
  subscriptions: number;
}

/**
 * The person's choices per kind (GET /notifications/preferences) and `save`, one kind at a time
 * (PUT with that kind alone): shown at once, put back as it was if the API refuses (the promise
 * then rejects), and the API's answer kept.
 */
export function useNotificationPreferences() {
  const { data, error, isLoading, mutate } = useSWR<NotificationPreferences>(PREFERENCES_PATH, {
    revalidateIfStale: true,
  });
  const save = (choice: NotificationPreference) =>
    mutate(
      apiRequest<NotificationPreferences>(PREFERENCES_PATH, { method: 'PUT', body: { preferences: [choice] } }).then(
        ({ data: saved }) => saved,
      ),
      {
        optimisticData: (current) => ({
          subscriptions: current?.subscriptions ?? 0,
          preferences: (current?.preferences ?? []).map((each) => (each.kind === choice.kind ? choice : each)),
        }),
        rollbackOnError: true,
        populateCache: true,
        revalidate: false,
      },
    );
  return { data, error, isLoading, save, refresh: () => void mutate() };
}
