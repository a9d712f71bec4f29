/* Words the ad screens say that their tests look for (web/e2e), kept out of the components. */

/** What a seller's profile says when they have no ads up. */
export const NO_ADS_BY = (username: string) => `${username} has no ads up.`;

/**
 * What a blocked seller's profile says to staff in place of their ads: withdrawn, not none (the
 * Moderation panel's link lists them in Ad history).
 */
export const ADS_WITHDRAWN_BY = (username: string) =>
  `${username}'s ads are withdrawn while the block holds: Ad history lists them.`;

/** What a video the browser cannot play says in its place, with the file to download. */
export const VIDEO_UNPLAYABLE = 'This video cannot be played in this browser.';
