import type { Router } from '@koa/router';
import { createRouter } from '../../http/router.ts';
import { z } from 'zod';
import { success } from '../../http/envelope.ts';
import { parseInput } from '../../http/errors.ts';
import type { Infrastructure } from '../../infrastructure.ts';
import { readMailbox, type MailboxEntry } from '../../sandbox/mailbox.ts';

const mailboxQuery = z.object({
  to: z.string().trim().max(320).optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
});

const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

/** Escapes the text, then makes its http(s) links clickable. */
const linkify = (text: string): string =>
  escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

export function mailboxPage(entries: MailboxEntry[], to?: string): string {
  const rows = entries
    .map(
      (entry) => `<article>
  <header><strong>${entry.channel === 'sms' ? 'SMS' : 'Email'}</strong> to ${escapeHtml(entry.to)}
    · <time>${escapeHtml(new Date(entry.receivedAt).toISOString())}</time></header>
  ${entry.subject ? `<h2>${escapeHtml(entry.subject)}</h2>` : ''}
  <pre>${linkify(entry.text)}</pre>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Boli dev mailbox</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 2rem; color: #222; }
  h1 { color: #5f2f9d; } article { border: 1px solid #ddd; border-radius: 6px; padding: 1rem; margin: 1rem 0; }
  pre { white-space: pre-wrap; } h2 { font-size: 1.05rem; margin: .5rem 0; } a { color: #5f2f9d; }
</style></head>
<body><h1>Dev mailbox${to ? ` — ${escapeHtml(to)}` : ''}</h1>
<form><input name="to" placeholder="recipient" value="${escapeHtml(to ?? '')}"> <button>Filter</button></form>
${rows || '<p>No messages yet.</p>'}
</body></html>`;
}

/**
 * Every email and SMS the sandboxes received, newest first: a JSON list for tests and a page for
 * people. Development and test only; production answers 404 (the routes do not exist there).
 */
export function devRouter(infra: Pick<Infrastructure, 'db' | 'config'>): Router {
  const router = createRouter();
  if (infra.config.NODE_ENV === 'production') return router;
  router.get('/dev/api/mailbox', async (ctx) => {
    const query = parseInput(mailboxQuery, ctx.query);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = success(await readMailbox(infra.db, query));
  });
  router.get('/dev/mailbox', async (ctx) => {
    const query = parseInput(mailboxQuery, ctx.query);
    ctx.set('Cache-Control', 'no-store');
    ctx.type = 'html';
    ctx.body = mailboxPage(await readMailbox(infra.db, query), query.to);
  });
  return router;
}
