import { countOf } from '../../../lib/format.ts';
/*
 * The media uploads of one form: each file is its own upload, at most `limit` of them under way at
 * once (section 9: 6 connections); the rest wait in the order they were added. Each upload
 * reports its progress and ends uploaded (with the server's answer) or failed, and can be removed
 * at any time — a running one is aborted. A failure the connection or the server caused (not a
 * refusal of the file) can be tried again.
 */

export type UploadStatus = 'waiting' | 'uploading' | 'uploaded' | 'failed';

export type Upload<R> = {
  id: string;
  name: string;
  status: UploadStatus;
  /** 0 to 1. */
  progress: number;
  result?: R;
  error?: string;
  /** Failed for a reason a second try may not meet (the connection, the server): `retry` it. */
  retryable?: boolean;
};

/** Sends one file; calls onProgress with 0..1; rejects on failure or when `signal` aborts. */
export type SendFile<F, R> = (
  file: F,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
) => Promise<R>;

type Entry<F, R> = Upload<R> & { file: F; controller?: AbortController };

export type UploadQueue<F, R> = {
  add(file: F & { name: string }): string;
  remove(id: string): void;
  /** Sends a failed upload again, if its failure was `retryable`. */
  retry(id: string): void;
  /** The uploads in the order they were added. */
  uploads(): Upload<R>[];
};

const errorText = (error: unknown): string =>
  error instanceof Error && error.message ? error.message : 'Upload failed';

export function createUploadQueue<F, R>(options: {
  limit: number;
  send: SendFile<F, R>;
  /** Called after every change, with the uploads as they now are. */
  onChange: (uploads: Upload<R>[]) => void;
  /** What a failure says (default: its message). */
  describe?: (error: unknown) => string;
  /** Whether a failure may not happen again (default: never). */
  retryable?: (error: unknown) => boolean;
}): UploadQueue<F, R> {
  const describe = options.describe ?? errorText;
  const entries: Entry<F, R>[] = [];
  let nextId = 1;

  const snapshot = (): Upload<R>[] =>
    entries.map(({ file: _file, controller: _controller, ...upload }) => upload);
  const changed = () => options.onChange(snapshot());
  const running = () => entries.filter((entry) => entry.status === 'uploading').length;
  const isPresent = (entry: Entry<F, R>) => entries.includes(entry);

  const start = (entry: Entry<F, R>) => {
    const controller = new AbortController();
    entry.controller = controller;
    entry.status = 'uploading';
    const progress = (fraction: number) => {
      if (!isPresent(entry) || entry.status !== 'uploading') return;
      entry.progress = Math.min(1, Math.max(0, fraction));
      changed();
    };
    options.send(entry.file, progress, controller.signal).then(
      (result) => {
        if (!isPresent(entry)) return;
        Object.assign(entry, { status: 'uploaded', progress: 1, result });
        pump();
      },
      (error: unknown) => {
        if (!isPresent(entry)) return;
        Object.assign(entry, {
          status: 'failed',
          error: describe(error),
          retryable: options.retryable?.(error) ?? false,
        });
        pump();
      },
    );
  };

  /** Starts waiting uploads while there is room, then tells the listener. */
  const pump = () => {
    for (const entry of entries) {
      if (running() >= options.limit) break;
      if (entry.status === 'waiting') start(entry);
    }
    changed();
  };

  return {
    add(file) {
      const id = `upload-${nextId++}`;
      entries.push({ id, name: file.name, status: 'waiting', progress: 0, file });
      pump();
      return id;
    },
    remove(id) {
      const index = entries.findIndex((entry) => entry.id === id);
      if (index < 0) return;
      const [entry] = entries.splice(index, 1);
      entry?.controller?.abort();
      pump();
    },
    retry(id) {
      const entry = entries.find((candidate) => candidate.id === id);
      if (entry?.status !== 'failed' || !entry.retryable) return;
      Object.assign(entry, { status: 'waiting', progress: 0, error: undefined, retryable: false });
      pump();
    },
    uploads: snapshot,
  };
}

/**
 * What the uploads came to, for a screen reader (a row's bar and status are only seen): said
 * while files are on their way, then once all are in or failed.
 */
export function uploadsNews(uploads: readonly Pick<Upload<unknown>, 'status'>[]): string {
  const sending = uploads.filter(({ status }) => status === 'waiting' || status === 'uploading');
  if (sending.length > 0) return `Uploading ${countOf(sending.length, 'file')}…`;
  const failed = uploads.filter(({ status }) => status === 'failed').length;
  const done = uploads.length - failed;
  return [
    done > 0 ? `${countOf(done, 'file')} uploaded.` : '',
    failed > 0 ? `${countOf(failed, 'file')} failed.` : '',
  ]
    .filter(Boolean)
    .join(' ');
}
