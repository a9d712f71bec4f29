import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import { AD_MESSAGES } from '@boli/engine/ads/ad.messages';
import { ApiError, ValidationError } from '../http/errors.ts';
import {
  isAllowedMediaName,
  kindMatchesName,
  MEDIA_SNIFF_BYTES,
  sniffMedia,
  type MediaKind,
} from './sniff.ts';
import { unstorableIn, unstorableRefusal } from '../http/unstorableCharacters.ts';
import { numberFieldRead } from '@boli/engine/shared/digits';

/*
 * Receives a multipart ad form (the post-ad form, a gallery upload, one staged file): its text
 * fields, and its files streamed one by one to scratch files — never held whole in memory, each
 * checked by its extension and its magic bytes as it arrives and cut off past the size limit.
 * A refused request leaves no scratch file behind.
 */

export type ReceivedMedia = {
  readonly path: string;
  readonly sizeBytes: number;
  readonly kind: MediaKind;
  /** The name the sender gave (only its extension is used). */
  readonly filename: string;
};

export type ReceivedAdForm = {
  /** Text fields; a repeated one keeps its last value. */
  readonly fields: Readonly<Record<string, string>>;
  /** Every value of the repeatable staged-file field, in order. */
  readonly stagedIds: readonly string[];
  readonly files: readonly ReceivedMedia[];
};

export type AdFormOptions = {
  /** The form field that carries files (`media`, or `file` for staging). */
  readonly fileField: string;
  /** At most this many media in all: files plus staged ids. */
  readonly maxMedia: number;
  readonly maxBytes: number;
  readonly scratchDir: string;
  /** The repeatable field naming staged files, if the form takes any. */
  readonly stagedField?: string;
};

/** Room for the multipart boundaries, headers and text fields around the files. */
const FORM_OVERHEAD_BYTES = 256 * 1024;

const tooMany = () =>
  new ValidationError(
    [{ field: 'media', message: AD_MESSAGES.tooManyMedia }],
    AD_MESSAGES.tooManyMedia,
  );
const tooLarge = () => new ApiError(413, AD_MESSAGES.mediaTooLarge, 'PAYLOAD_TOO_LARGE');
const notAllowed = () => new ApiError(415, AD_MESSAGES.mediaNotAllowed, 'UNSUPPORTED_MEDIA_TYPE');
const notWhatNamed = () => new ApiError(415, AD_MESSAGES.mediaNotWhatNamed, 'MEDIA_NOT_WHAT_NAMED');
const empty = () => new ApiError(415, AD_MESSAGES.mediaEmpty, 'MEDIA_EMPTY');
/** A refused file: its name not an allowed kind, else its content not what the name says. */
const refusedFile = (filename: string) =>
  isAllowedMediaName(filename) ? notWhatNamed() : notAllowed();
const notMultipart = () =>
  new ValidationError(
    [{ field: 'media', message: AD_MESSAGES.notMultipart }],
    AD_MESSAGES.notMultipart,
  );

/**
 * Passes bytes through once the first MEDIA_SNIFF_BYTES (or the whole of a shorter file) show an
 * allowed kind that agrees with the file's name. A refused file is swallowed to its end rather
 * than failed, so busboy keeps reading the request and the answer reaches the client.
 */
class MediaSniffer extends Transform {
  kind: MediaKind | undefined;
  refused = false;
  sizeBytes = 0;
  private head = Buffer.alloc(0);

  constructor(private readonly filename: string) {
    super();
  }

  private decide(): Buffer {
    const kind = sniffMedia(this.head);
    this.kind = kind;
    this.refused = kind === undefined || !kindMatchesName(kind, this.filename);
    const head = this.head;
    this.head = Buffer.alloc(0);
    return head;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.sizeBytes += chunk.length;
    if (this.refused) return done();
    if (this.kind !== undefined) return done(null, chunk);
    this.head = Buffer.concat([this.head, chunk]);
    if (this.head.length < MEDIA_SNIFF_BYTES) return done();
    const head = this.decide();
    return this.refused ? done() : done(null, head);
  }

  override _flush(done: TransformCallback): void {
    if (this.kind === undefined && !this.refused) {
      const head = this.decide();
      if (!this.refused && head.length > 0) this.push(head);
    }
    done();
  }
}

/** Reads the rest of a request and drops it, so an early answer still reaches the client. */
export function drainRequest(req: IncomingMessage): Promise<void> {
  if (req.readableEnded) return Promise.resolve();
  return new Promise((resolve) => {
    req.on('end', resolve);
    req.on('error', () => resolve());
    req.on('close', resolve);
    req.resume();
  });
}

export async function removeScratch(files: readonly { path: string }[]): Promise<void> {
  await Promise.all(files.map((file) => rm(file.path, { force: true })));
}

/**
 * The whole form, its files in scratch files under `scratchDir` (the caller removes them when
 * done). Refused — with every scratch file removed — when a file is too large, not an allowed
 * kind, or one too many.
 */
export async function receiveAdForm(
  req: IncomingMessage,
  options: AdFormOptions,
): Promise<ReceivedAdForm> {
  if (!/^multipart\/form-data/i.test(req.headers['content-type'] ?? '')) {
    await drainRequest(req);
    throw notMultipart();
  }
  const declared = Number(req.headers['content-length']);
  if (
    Number.isFinite(declared) &&
    declared > options.maxMedia * options.maxBytes + FORM_OVERHEAD_BYTES
  ) {
    await drainRequest(req);
    throw tooLarge();
  }

  const parser = busboy({
    headers: req.headers,
    limits: {
      // One byte past the limit, so that a file of exactly maxBytes is accepted.
      fileSize: options.maxBytes + 1,
      fields: 100,
      fieldSize: 16 * 1024,
      parts: 200,
    },
  });
  const fields: Record<string, string> = {};
  const stagedIds: string[] = [];
  const written: string[] = [];
  const received: Promise<ReceivedMedia | Error>[] = [];
  let problem: Error | undefined;
  let count = 0;

  parser.on('field', (name, value) => {
    // The same refusal as for a JSON or form body (http/unstorableCharacters.ts): PostgreSQL
    // cannot store it.
    const unstorable = unstorableIn({ [name]: value });
    if (unstorable) problem ??= unstorableRefusal(unstorable);
    if (options.stagedField !== undefined && name === options.stagedField) {
      stagedIds.push(value);
      if (++count > options.maxMedia) problem ??= tooMany();
    } else {
      fields[name] = numberFieldRead(name, value);
    }
  });

  parser.on('file', (name, file, info) => {
    if (name !== options.fileField || problem !== undefined) {
      file.resume();
      return;
    }
    if (++count > options.maxMedia) {
      problem = tooMany();
      file.resume();
      return;
    }
    const path = join(options.scratchDir, `${randomUUID()}.upload`);
    written.push(path);
    const sniffer = new MediaSniffer(info.filename ?? '');
    let truncated = false;
    // Past the limit busboy stops passing bytes on and skips the rest of the file itself.
    file.on('limit', () => (truncated = true));
    received.push(
      pipeline(file, sniffer, createWriteStream(path, { flags: 'wx' })).then(
        (): ReceivedMedia | Error => {
          if (truncated) return tooLarge();
          if (sniffer.sizeBytes === 0 && isAllowedMediaName(info.filename ?? '')) return empty();
          if (sniffer.sizeBytes === 0 || sniffer.refused || sniffer.kind === undefined)
            return refusedFile(info.filename ?? '');
          return {
            path,
            sizeBytes: sniffer.sizeBytes,
            kind: sniffer.kind,
            filename: info.filename ?? '',
          };
        },
        (error: unknown) => error as Error,
      ),
    );
  });

  try {
    await new Promise<void>((resolve, reject) => {
      parser.on('close', resolve);
      parser.on('error', reject);
      req.on('error', reject);
      req.pipe(parser);
    });
    const outcomes = await Promise.all(received);
    const failed = problem ?? outcomes.find((outcome) => outcome instanceof Error);
    if (failed !== undefined) throw failed;
    return { fields, stagedIds, files: outcomes as ReceivedMedia[] };
  } catch (error) {
    await Promise.allSettled(received);
    await removeScratch(written.map((path) => ({ path })));
    if (error instanceof ApiError || error instanceof ValidationError) throw error;
    // The disk's own errors are the server's; the parser's are a malformed request.
    if ((error as NodeJS.ErrnoException).syscall !== undefined) throw error;
    throw notMultipart();
  }
}
