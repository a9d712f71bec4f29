import { LIMITS } from '@boli/engine/shared/limits';
import { isOneOf } from '@boli/engine/shared/oneOf';

/** Section 5: one jpeg, jpg or png file of at most LIMITS.profilePicture.maxBytes. */
export function isAcceptablePicture(file: { name: string; size: number }): boolean {
  const extension = /\.([^.]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? '';
  return (
    isOneOf(LIMITS.profilePicture.extensions, extension) &&
    file.size > 0 &&
    file.size <= LIMITS.profilePicture.maxBytes
  );
}
