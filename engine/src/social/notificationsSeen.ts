import type { Command, Decider, DomainEvent } from '../shared/decider.ts';

/*
 * When a member last opened their notifications, kept on the account rather than in one browser:
 * the bell counts what came since on every device (a notification read on the phone is not new
 * again on the laptop). Each member's mark is its own stream, `notificationsSeen-<userId>`.
 */

export const notificationsSeenStream = (userId: string): string => `notificationsSeen-${userId}`;

/** The member opened their notifications: everything up to `seenAt` has been shown to them. */
export type NotificationsSeen = DomainEvent<
  'NotificationsSeen',
  { readonly userId: string; readonly seenAt: string }
>;

export type NotificationsSeenEvent = NotificationsSeen;
export const NOTIFICATIONS_SEEN_EVENT_TYPES = [
  'NotificationsSeen',
] as const satisfies readonly NotificationsSeenEvent['type'][];

/**
 * `seenAt`: the time of the newest notification shown (`seenMarkOf` in the web app). A mark is
 * moved no further ahead than the command's own time allows (a device's clock running fast
 * would otherwise hide what comes next).
 */
export type MarkNotificationsSeen = Command<
  'MarkNotificationsSeen',
  { readonly userId: string; readonly seenAt: string }
>;

/** The latest mark; null before the member ever opened their notifications. */
export type NotificationsSeenState = { readonly seenAt: string | null };

/**
 * A mark only moves forward: one older than the last (a second device, a slow request) changes
 * nothing, and one ahead of the command's time is the command's time.
 */
export const notificationsSeenDecider: Decider<
  NotificationsSeenState,
  MarkNotificationsSeen,
  NotificationsSeenEvent
> = {
  initialState: () => ({ seenAt: null }),
  evolve: (_state, event) => ({ seenAt: event.data.seenAt }),
  decide: ({ data, metadata }, state) => {
    const asked = Date.parse(data.seenAt);
    if (Number.isNaN(asked)) return [];
    const seenAt = new Date(Math.min(asked, Date.parse(metadata.now))).toISOString();
    if (state.seenAt !== null && Date.parse(state.seenAt) >= Date.parse(seenAt)) return [];
    return [{ type: 'NotificationsSeen', data: { userId: data.userId, seenAt } }];
  },
};
