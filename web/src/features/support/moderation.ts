import { formatDateTime } from '../../lib/format.ts';
import type { ApiEnvelopeRequest, ApiRequest } from '../../app/session/useApi.ts';

/*
 * A member's moderation status as support reads it and changes it
 * (GET /api/support/users/{userId}, POST …/block { reason }, POST …/unblock { reason };
 * api/src/routes/support/router.ts), and how the profile's Moderation panel words it.
 */

export type ModerationStatus = {
  userId: string;
  username: string;
  blocked: boolean;
  /** The last block's details while it lasts; null otherwise. */
  blockedAt: string | null;
  blockedBy: string | null;
  blockedByUsername: string | null;
  reason: string | null;
  /** Whether the viewer may block them (not staff, unless the viewer is an admin). */
  blockable: boolean;
  /** Every block and unblock, newest first. */
  history: ModerationStep[];
  /** The member's email and mobile, for support to reach them (members see these only shared). */
  contact: { email: string; phone: string; phoneCode: string };
};

/** A mobile number as dialled: the country code (when the account has one) and the number. */
export const dialledNumber = ({ phone, phoneCode }: ModerationStatus['contact']): string =>
  [phoneCode, phone].filter(Boolean).join(' ');

export type ModerationStep = {
  action: 'blocked' | 'unblocked';
  at: string;
  by: string;
  byUsername: string | null;
  reason: string | null;
};

/** Said instead of Block member on a staff member's profile, to support. */
export const ONLY_ADMIN_BLOCKS_STAFF = 'A staff member: only an admin can block them.';

/** The longest reason the api takes. */
export const BLOCK_REASON_MAX = 500;
/** What the api answers an empty reason. */
export const BLOCK_REASON_REQUIRED = 'Please give a reason';

const memberPath = (userId: string) => `/api/support/users/${encodeURIComponent(userId)}`;

export const fetchModerationStatus = (
  request: ApiRequest,
  userId: string,
  signal?: AbortSignal,
): Promise<ModerationStatus> => request<ModerationStatus>(memberPath(userId), { signal });

/** Blocks the member (every session of theirs ends); answers the api's msg, and whether it changed anything. */
export const blockMember = (
  envelope: ApiEnvelopeRequest,
  userId: string,
  reason: string,
): Promise<ModerationAnswer> => moderate(envelope, `${memberPath(userId)}/block`, reason);

/** Lifts the block; answers the api's msg, and whether it changed anything. */
export const unblockMember = (
  envelope: ApiEnvelopeRequest,
  userId: string,
  reason: string,
): Promise<ModerationAnswer> => moderate(envelope, `${memberPath(userId)}/unblock`, reason);

/** What a block or unblock says, and whether it changed anything (a colleague may have done it). */
export type ModerationAnswer = { readonly msg: string; readonly changed: boolean };

async function moderate(
  envelope: ApiEnvelopeRequest,
  path: string,
  reason: string,
): Promise<ModerationAnswer> {
  const answer = await envelope(path, { method: 'POST', json: { reason } });
  const data = answer.data as { changed?: unknown } | null;
  return { msg: answer.msg, changed: data?.changed !== false };
}

/** Why a reason cannot be sent, or undefined when it can. */
export function blockReasonProblem(reason: string): string | undefined {
  const trimmed = reason.trim();
  if (trimmed === '') return BLOCK_REASON_REQUIRED;
  if (trimmed.length > BLOCK_REASON_MAX) return `At most ${BLOCK_REASON_MAX} characters`;
  return undefined;
}

/** 'Active', or 'Blocked since <India time> by <staff>: "<reason>"'. */
export function moderationLine(status: ModerationStatus): string {
  if (!status.blocked) return 'Active';
  const parts = ['Blocked'];
  if (status.blockedAt) parts.push(`since ${formatDateTime(status.blockedAt)}`);
  const by = status.blockedByUsername ?? status.blockedBy;
  if (by) parts.push(`by ${by}`);
  const line = parts.join(' ');
  return status.reason ? `${line}: "${status.reason}"` : line;
}

/** One line of the member's moderation history: 'Blocked 2026-… IST by shalini_menon: "why"'. */
export function moderationStepLine(step: ModerationStep): string {
  const line = `${step.action === 'blocked' ? 'Blocked' : 'Unblocked'} ${formatDateTime(step.at)} by ${step.byUsername ?? step.by}`;
  return step.reason ? `${line}: "${step.reason}"` : line;
}
