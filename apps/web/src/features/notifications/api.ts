import type { NotificationPreferencesPatch, NotificationSettings } from "@foreman/contract";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "#web/lib/api-client.ts";
import { describeError } from "#web/lib/api-error.ts";
import { shellDataConfig } from "#web/lib/config.ts";
import { toast } from "#web/lib/toast-store.ts";

// The signed-in user's own notification switches (not company-scoped): the settings tab changes them,
// the live toasts read `toasts`.

export const notificationSettingsKey = ["notification-settings"] as const;
const saveKey = ["notification-settings", "save"] as const;

/** `GET /app/notification_settings.json`. */
export function notificationSettingsQueryOptions() {
  return queryOptions({
    queryKey: notificationSettingsKey,
    queryFn: ({ signal }) => apiRequest<NotificationSettings>("/app/notification_settings.json", { signal }),
    staleTime: shellDataConfig.staleTimeMs,
  });
}

/** `PATCH /app/notification_settings.json`: the switches to change. */
export function updateNotificationSettings(patch: NotificationPreferencesPatch): Promise<NotificationSettings> {
  return apiRequest<NotificationSettings>("/app/notification_settings.json", { method: "PATCH", body: patch });
}

type Toggle = { key: keyof NotificationPreferencesPatch; value: boolean };

/**
 * Flips one switch at once in the cache and saves it; on failure puts that switch back (others flipped
 * meanwhile keep their state) and says why in a toast. The cache is read again once no save is left.
 */
export function useToggleNotificationSetting() {
  const queryClient = useQueryClient();
  const setSwitch = (key: Toggle["key"], value: boolean) =>
    queryClient.setQueryData<NotificationSettings>(notificationSettingsKey, (current) =>
      current ? { ...current, [key]: value } : current,
    );
  return useMutation({
    mutationKey: saveKey,
    mutationFn: ({ key, value }: Toggle) => updateNotificationSettings({ [key]: value }),
    onMutate: async ({ key, value }) => {
      await queryClient.cancelQueries({ queryKey: notificationSettingsKey, exact: true });
      setSwitch(key, value);
    },
    onError: (error, { key, value }) => {
      setSwitch(key, !value);
      toast({
        title: "Your notification settings could not be saved",
        description: describeError(error),
        variant: "destructive",
      });
    },
    onSettled: async () => {
      // Only the last save in flight reads the server's state, so an earlier answer never undoes a later flip.
      if (queryClient.isMutating({ mutationKey: saveKey }) === 1)
        await queryClient.invalidateQueries({ queryKey: notificationSettingsKey, exact: true });
    },
  });
}
