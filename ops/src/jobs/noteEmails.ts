import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { notesToMail } from '@boli/projections/social/notifications.queries';
import {
  noteEmail,
  noteEmailExpiresAt,
  noteEmailsSince,
  readyToMail,
  stillHolds,
} from '@boli/projections/social/noteEmails';
import { orNothingBeforeFirstBuild } from '@boli/projections/runtime/beforeFirstBuild';

/*
 * The notices that are also mailed (projections/src/social/noteEmails.ts) enter the outbox here:
 * each sweep of the outbox delivery first writes the new ones into `note_emails`, which the sweep
 * sends from beside the outbox projection's messages. A notice is taken once (`note_id` is
 * unique), so a rebuilt notifications read model, whose notes keep their ids, mails nothing
 * again; and only while fresh (`LIMITS.noteEmailValidHours`) and still true (`stillHolds`).
 */

/** Notices written per sweep: the rest wait for the next, a second later. */
const BATCH = 200;

/** Writes the notices due for an email into `note_emails`; how many it wrote. */
export async function mailNewNotes(db: Knex, now: Date, publicUrl: string): Promise<number> {
  return orNothingBeforeFirstBuild(write(db, now, publicUrl), 0);
}

async function write(db: Knex, now: Date, publicUrl: string): Promise<number> {
  // A payment's notice waiting for its invoice is left for a later sweep (`readyToMail`).
  const due = (await notesToMail(db, noteEmailsSince(now), BATCH)).filter(({ note }) =>
    readyToMail(note, now),
  );
  if (due.length === 0) return 0;
  const rows = due.map(({ note, email, firstname, emailNotices }) => {
    const { subject, text } = noteEmail(note, { firstname }, publicUrl);
    const createdAt = new Date(note.createdAt);
    return {
      id: randomUUID(),
      note_id: note._id,
      recipient: email,
      subject,
      text,
      created_at: createdAt,
      // One whose news has gone by, or for a member who turned these emails off, is taken all the
      // same, already expired: the sweep records it as such and never sends it, no sweep looks at
      // it again, and a member who turns the emails on again is not sent those that came before.
      expires_at: emailNotices && stillHolds(note, now) ? noteEmailExpiresAt(createdAt) : now,
    };
  });
  // Two workers may take the same notice at once: the first row stands.
  const written = await db('note_emails')
    .insert(rows)
    .onConflict('note_id')
    .ignore()
    .returning('id');
  return written.length;
}
