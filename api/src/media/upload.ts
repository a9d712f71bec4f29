import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import { ApiError, ValidationError } from '../http/errors.ts';
import { sniffImage, SNIFF_BYTES, type ImageKind } from './sniff.ts';
import { inMegabytes, LIMITS } from '@boli/engine/shared/limits';

/*
 * Receives one image of a multipart request, streamed to a scratch file as it arrives: never
 * held whole in memory, checked by its magic bytes on the first chunk, and cut off (the partial
 * file removed) once it passes the size limit.
 */

export const UPLOAD_MESSAGES = {
  missing: 'Please choose a picture to upload.',
  tooLarge: `The picture is too large. Please choose one of at most ${inMegabytes(LIMITS.profilePicture.maxBytes)} MB.`,
  notAnImage: 'Only jpeg, jpg or png pictures can be uploaded.',
  unreadable: 'This picture could not be read. Please choose another one.',
  notMultipart: 'Please upload the picture as multipart/form-data.',
  onlyOne: 'Please upload one picture at a time.',
} as const;

/** Room for the multipart boundaries and headers around the file itself. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

export type ReceivedImage = { path: string; sizeBytes: number; kind: ImageKind };

/**
 * Passes bytes through, deciding on the first SNIFF_BYTES whether they start an image. A file
 * that does not is swallowed to its end rather than failed, so busboy keeps reading the request
 * (a destroyed file stream would leave it waiting) and the answer reaches the client.
 */
class ImageSniffer extends Transform {
  kind: ImageKind | undefined;
  refused = false;
  sizeBytes = 0;
  private head = Buffer.alloc(0);

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.sizeBytes += chunk.length;
    if (this.refused) return done();
    if (this.kind !== undefined) return done(null, chunk);
    this.head = Buffer.concat([this.head, chunk]);
    if (this.head.length < SNIFF_BYTES) return done();
    this.kind = sniffImage(this.head);
    this.refused = this.kind === undefined;
    const head = this.head;
    this.head = Buffer.alloc(0);
    return this.refused ? done() : done(null, head);
  }

  override _flush(done: TransformCallback): void {
    if (this.kind === undefined) this.refused = true;
    done();
  }
}

const fieldError = (field: string, message: string) => new ValidationError([{ field, message }]);
const notAnImage = () => new ApiError(415, UPLOAD_MESSAGES.notAnImage, 'UNSUPPORTED_MEDIA_TYPE');
const tooLarge = () => new ApiError(413, UPLOAD_MESSAGES.tooLarge, 'PAYLOAD_TOO_LARGE');

/**
 * The file of form field `field`, at most `maxBytes`, stored under `scratchDir`. Other fields and
 * files are read and discarded. The caller removes the returned file when done with it.
 */
export async function receiveImage(
  req: IncomingMessage,
  options: { field: string; maxBytes: number; scratchDir: string },
): Promise<ReceivedImage> {
  const contentType = req.headers['content-type'] ?? '';
  if (!/^multipart\/form-data/i.test(contentType))
    throw fieldError(options.field, UPLOAD_MESSAGES.notMultipart);
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > options.maxBytes + MULTIPART_OVERHEAD_BYTES) {
    throw tooLarge();
  }

  const parser = busboy({
    headers: req.headers,
    // One byte past the limit, so that a file of exactly maxBytes is accepted.
    // Two files of the field are refused (`onlyOne`), not one kept at random: a second is heard.
    limits: {
      files: 2,
      fileSize: options.maxBytes + 1,
      fields: 20,
      fieldSize: 8 * 1024,
      parts: 30,
    },
  });
  const path = join(options.scratchDir, `${randomUUID()}.upload`);
  let received: Promise<ReceivedImage | Error> | undefined;

  let second = false;
  parser.on('file', (name, file) => {
    if (name !== options.field || received !== undefined) {
      second ||= name === options.field;
      file.resume();
      return;
    }
    const sniffer = new ImageSniffer();
    let truncated = false;
    // Past the limit busboy stops passing bytes on and skips the rest of the file itself.
    file.on('limit', () => (truncated = true));
    received = pipeline(file, sniffer, createWriteStream(path, { flags: 'wx' })).then(() => {
      if (truncated) return tooLarge();
      if (sniffer.sizeBytes === 0) return fieldError(options.field, UPLOAD_MESSAGES.missing);
      if (sniffer.refused) return notAnImage();
      return { path, sizeBytes: sniffer.sizeBytes, kind: sniffer.kind! };
    });
  });

  try {
    await new Promise<void>((resolve, reject) => {
      parser.on('close', resolve);
      parser.on('error', reject);
      req.on('error', reject);
      req.pipe(parser);
    });
    const outcome = await (received ?? fieldError(options.field, UPLOAD_MESSAGES.missing));
    if (second) throw fieldError(options.field, UPLOAD_MESSAGES.onlyOne);
    if (outcome instanceof Error) throw outcome;
    return outcome;
  } catch (error) {
    await rm(path, { force: true });
    if (error instanceof ApiError || error instanceof ValidationError) throw error;
    // The disk's own errors are the server's; the parser's are a malformed request.
    if ((error as NodeJS.ErrnoException).syscall !== undefined) throw error;
    throw fieldError(options.field, UPLOAD_MESSAGES.notMultipart);
  }
}
