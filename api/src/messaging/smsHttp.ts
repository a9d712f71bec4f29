import type { MessageSender, OutboundMessage } from './port.ts';

/**
 * SMS through an HTTP gateway: `POST <url>` with `{ id, to, text }` and a bearer key; the gateway
 * answers `{ id }`. The project's SMS sandbox speaks the same contract.
 */
export function smsHttpSender(url: string, apiKey: string): MessageSender {
  return {
    async send(message: OutboundMessage) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
        body: JSON.stringify({ id: message.id, to: message.to, text: message.text }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
      const body = (await response.json()) as { id?: string };
      return { providerId: body.id ?? message.id };
    },
  };
}

/** Both channels behind one sender. */
export function routeByChannel(email: MessageSender, sms: MessageSender): MessageSender {
  return { send: (message) => (message.channel === 'email' ? email : sms).send(message) };
}
