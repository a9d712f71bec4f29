/**
 * The videos the guest top bar links to. Placeholders: the real addresses are not in the spec;
 * replace them when marketing supplies them.
 */
export const PUBLIC_RESPONSE_VIDEO_URL = 'https://videos.boli.example/public-response';
export const HOW_ITS_DIFFERENT_VIDEO_URL = 'https://videos.boli.example/how-its-different';
