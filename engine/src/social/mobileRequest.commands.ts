import type { Command } from '../shared/decider.ts';

/**
 * The requester asks. `requestedToBlocked` is looked up by the api in the members' read model
 * (like ChangePassword's `oldPasswordMatches`): the rule that a blocked member cannot be asked
 * stays here. `requestId` is used only by the first request of the pair; later ones keep it.
 */
export type RequestMobileNumber = Command<
  'RequestMobileNumber',
  {
    readonly requestId: string;
    readonly requestedBy: string;
    readonly requestedTo: string;
    readonly requestedToBlocked: boolean;
  }
>;

/** The owner's answers. The actor (metadata.actor) must be the owner of the number. */
export type ApproveMobileRequest = Command<
  'ApproveMobileRequest',
  {
    readonly requestId: string;
    /** The asker is blocked (the users read model): a number is not shared with them then. */
    readonly requestedByBlocked?: boolean;
  }
>;
export type RejectMobileRequest = Command<'RejectMobileRequest', { readonly requestId: string }>;
export type RevokeMobileRequest = Command<'RevokeMobileRequest', { readonly requestId: string }>;

export type MobileRequestCommand =
  RequestMobileNumber | ApproveMobileRequest | RejectMobileRequest | RevokeMobileRequest;

export type MobileRequestCommandType = MobileRequestCommand['type'];

export const MOBILE_REQUEST_COMMAND_TYPES = [
  'RequestMobileNumber',
  'ApproveMobileRequest',
  'RejectMobileRequest',
  'RevokeMobileRequest',
] as const satisfies readonly MobileRequestCommandType[];
