import { assertNever, DomainError, type Decider } from '../shared/decider.ts';
import type { ActivateAdSpace, AdSpaceCommand, UploadCreative } from './adSpace.commands.ts';
import type { AdSpaceActivated, AdSpaceEvent, CreativeUploaded } from './adSpace.events.ts';
import { ADSPACE_MESSAGES } from './adspace.messages.ts';
import { creativeLinkProblem, cycleEnd } from './adSpace.rules.ts';

/*
 * One ad space: activated once (a repeated activation — the same purchase delivered again, the
 * slot timer run twice — changes nothing), then its owner uploads the creative it shows, until
 * the cycle ends.
 */

export type AdSpaceErrorCode =
  'SPACE_NOT_FOUND' | 'NOT_SPACE_OWNER' | 'SPACE_ENDED' | 'CREATIVE_LINK_INVALID';

export type AdSpaceState = {
  readonly space: AdSpaceActivated['data'] | null;
  readonly creative: CreativeUploaded['data'] | null;
};

const initialState = (): AdSpaceState => ({ space: null, creative: null });

const evolve = (state: AdSpaceState, event: AdSpaceEvent): AdSpaceState => {
  switch (event.type) {
    case 'AdSpaceActivated':
      return state.space === null ? { ...state, space: event.data } : state;
    case 'CreativeUploaded':
      return { ...state, creative: event.data };
    default:
      return assertNever(event);
  }
};

const fail = (code: AdSpaceErrorCode, message: string): never => {
  throw new DomainError(code, {}, message);
};

function activate({ data, metadata }: ActivateAdSpace, state: AdSpaceState): AdSpaceEvent[] {
  if (state.space !== null) return [];
  const startsAt = data.startsAt ?? metadata.now;
  return [
    {
      type: 'AdSpaceActivated',
      data: {
        spaceId: data.spaceId,
        userId: data.userId,
        spaceType: data.spaceType,
        cycle: data.cycle,
        source: data.source,
        startsAt,
        endsAt: data.endsAt ?? cycleEnd(startsAt, data.cycle),
        company: data.company ?? '',
        activatedAt: metadata.now,
      },
    },
  ];
}

function upload({ data, metadata }: UploadCreative, state: AdSpaceState): AdSpaceEvent[] {
  const space = state.space;
  if (space === null) return fail('SPACE_NOT_FOUND', ADSPACE_MESSAGES.spaceNotFound);
  if (space.userId !== data.userId) return fail('NOT_SPACE_OWNER', ADSPACE_MESSAGES.notSpaceOwner);
  if (Date.parse(metadata.now) >= Date.parse(space.endsAt)) {
    return fail('SPACE_ENDED', ADSPACE_MESSAGES.spaceEnded);
  }
  const linkProblem = creativeLinkProblem(data.link);
  if (linkProblem !== null) return fail('CREATIVE_LINK_INVALID', linkProblem);
  const link = data.link.trim();
  const company = data.company.trim() || state.creative?.company || space.company;
  return [
    {
      type: 'CreativeUploaded',
      data: {
        spaceId: space.spaceId,
        userId: data.userId,
        galleryType: data.galleryType,
        name: data.name,
        thumbnail: data.thumbnail,
        company,
        link,
        uploadedAt: metadata.now,
      },
    },
  ];
}

const decide = (command: AdSpaceCommand, state: AdSpaceState): AdSpaceEvent[] => {
  switch (command.type) {
    case 'ActivateAdSpace':
      return activate(command, state);
    case 'UploadCreative':
      return upload(command, state);
    default:
      return assertNever(command);
  }
};

export const adSpaceDecider: Decider<AdSpaceState, AdSpaceCommand, AdSpaceEvent> = {
  initialState,
  evolve,
  decide,
};
