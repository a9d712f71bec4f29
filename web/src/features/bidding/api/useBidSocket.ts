import { useEffect, useRef, useState } from 'react';
import type { Socket } from 'socket.io-client';
import { LIMITS } from '@boli/engine/shared/limits';
import { useSession } from '../../../app/session/sessionContext.ts';
import { connectLive } from '../../../lib/liveSocket.ts';
import type { BidBoardEvent } from '../model/bidBoard.ts';
import type { Position } from '../model/position.ts';
import { adEditedMessage, socketMessageEvent } from './bidSocketMessages.ts';

/**
 * The live link as a viewer should know it: `connecting` until the first connect, `live` while
 * connected, `reconnecting` once a link that was live is lost (socket.io tries again by itself)
 * or when the first connect has not come within `LIMITS.liveConnectGraceMs` (a proxy that drops
 * websockets and long-polling alike: the viewer must not take the 10 s refresh for live).
 */
export type LiveLink = 'connecting' | 'live' | 'reconnecting';

/**
 * Live bids for one ad over socket.io at /bid (token in the query; guests connect without). On
 * every (re)connect it sends `load { item_id, since }` with the last position seen, so the answer
 * (`getBidResponse`) carries only the bids missed meanwhile. Messages reach `onEvent` as bid
 * board events; `lastPosition` is read at each connect. `onAdEdited`: the owner edited the ad's
 * details (`edited:<item_id>`), which the page may read again.
 */
export function useBidSocket(
  itemId: string,
  onEvent: (event: BidBoardEvent) => void,
  lastPosition: () => Position | null,
  onAdEdited?: () => void,
): { link: LiveLink } {
  const { token } = useSession();
  const [link, setLink] = useState<LiveLink>('connecting');
  const handlers = useRef({ onEvent, lastPosition, onAdEdited });
  handlers.current = { onEvent, lastPosition, onAdEdited };

  useEffect(() => {
    if (!itemId) return;
    let socket: Socket | undefined;
    const disconnect = connectLive(token, (connected) => {
      socket = connected;
      connected.on('connect', () => {
        setLink('live');
        const since = handlers.current.lastPosition();
        connected.emit('load', since !== null ? { item_id: itemId, since } : { item_id: itemId });
      });
      connected.on('disconnect', () => setLink('reconnecting'));
      connected.onAny((name: string, payload: unknown) => {
        if (name === adEditedMessage(itemId)) return handlers.current.onAdEdited?.();
        const event = socketMessageEvent(itemId, name, payload);
        if (event) handlers.current.onEvent(event);
      });
    });
    // The browser knows at once when it goes offline; socket.io would notice only at its next
    // missed ping, half a minute on. Back online, connectLive tries again at once.
    const offline = () => setLink('reconnecting');
    const online = () => {
      if (socket?.connected) setLink('live');
    };
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    const slow = window.setTimeout(() => {
      if (!socket?.connected) setLink('reconnecting');
    }, LIMITS.liveConnectGraceMs);
    return () => {
      window.clearTimeout(slow);
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
      disconnect();
      setLink('connecting');
    };
  }, [itemId, token]);

  return { link };
}
