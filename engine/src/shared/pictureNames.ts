/*
 * A profile picture is stored twice: as `<id>.jpg` and, small (96 px), as `<id>.thumb.jpg`
 * beside it (api/src/routes/user/router.ts). Whatever shows it small asks for the small one.
 */

/** The small copy's name or address, from the picture's (`…/<id>.jpg` → `…/<id>.thumb.jpg`). */
export const thumbnailOfPicture = (picture: string): string =>
  picture.replace(/(?<!\.thumb)\.jpg$/, '.thumb.jpg');
