import { describe, it } from 'vitest';
import { DeciderSpecification } from '../shared/testing/deciderSpecification.ts';
import {
  notificationsSeenDecider,
  type MarkNotificationsSeen,
  type NotificationsSeen,
} from './notificationsSeen.ts';
import { metadata } from './social.fixtures.ts';

const given = DeciderSpecification.for(notificationsSeenDecider);
const NOW = '2026-05-10T10:00:00.000Z';

const mark = (seenAt: string, now = NOW): MarkNotificationsSeen => ({
  type: 'MarkNotificationsSeen',
  data: { userId: 'u-asha', seenAt },
  metadata: metadata(now),
});
const seen = (seenAt: string): NotificationsSeen => ({
  type: 'NotificationsSeen',
  data: { userId: 'u-asha', seenAt },
});

describe('when a member last opened their notifications', () => {
  it('is recorded the first time', () => {
    given([])
      .when(mark('2026-05-10T09:59:00.000Z'))
      .then([seen('2026-05-10T09:59:00.000Z')]);
  });

  it('only moves forward: an older or equal mark (another device, a slow request) is nothing', () => {
    const last = seen('2026-05-10T09:59:00.000Z');
    given([last]).when(mark('2026-05-10T09:00:00.000Z')).then([]);
    given([last]).when(mark('2026-05-10T09:59:00.000Z')).then([]);
    given([last])
      .when(mark('2026-05-10T09:59:30.000Z'))
      .then([seen('2026-05-10T09:59:30.000Z')]);
  });

  it('is never ahead of the command’s time, however fast the device’s clock', () => {
    given([])
      .when(mark('2027-01-01T00:00:00.000Z'))
      .then([seen(NOW)]);
  });

  it('ignores a mark that is no time at all', () => {
    given([]).when(mark('yesterday-ish')).then([]);
  });
});
