import { useEffect, useMemo, useRef, useState } from 'react';
import { LIMITS } from '@boli/engine/shared/limits';
import { ApiError, messageOf } from '../../app/api/client.ts';
import { answerLost } from '../../lib/submissionKey.ts';
import { createUploadQueue, type SendFile, type Upload } from './model/uploadQueue.ts';

/**
 * Whether sending a failed file again may succeed: the connection or the server failed it, or it
 * took too long to arrive whole (408: the server has none of it).
 */
export const uploadRetryable = (error: unknown): boolean =>
  answerLost(error) || (error instanceof ApiError && error.status === 408);

/**
 * The uploads of one form, LIMITS.adMedia.parallelUploads at a time, as React state. `send` may
 * change between renders (a refreshed token); the queue always calls the latest one. A file the
 * connection or the server failed (offline, said so), or that took too long to arrive, can be
 * retried, and is, once the browser is back online.
 */
export function useUploads<R>(send: SendFile<File, R>) {
  const [uploads, setUploads] = useState<Upload<R>[]>([]);
  const sendRef = useRef(send);
  sendRef.current = send;
  const queue = useMemo(
    () =>
      createUploadQueue<File, R>({
        limit: LIMITS.adMedia.parallelUploads,
        send: (file, onProgress, signal) => sendRef.current(file, onProgress, signal),
        onChange: setUploads,
        describe: messageOf,
        retryable: uploadRetryable,
      }),
    [],
  );
  useEffect(() => {
    const retryAll = () => queue.uploads().forEach((upload) => queue.retry(upload.id));
    window.addEventListener('online', retryAll);
    return () => window.removeEventListener('online', retryAll);
  }, [queue]);
  return {
    uploads,
    add: (files: readonly File[]) => files.forEach((file) => queue.add(file)),
    remove: (id: string) => queue.remove(id),
    retry: (id: string) => queue.retry(id),
    uploaded: uploads.filter((upload) => upload.status === 'uploaded'),
    /** The files that take one of the ad's slots: all but the failed ones (section 5: up to 6). */
    held: uploads.filter((upload) => upload.status !== 'failed').length,
    busy: uploads.some((upload) => upload.status === 'uploading' || upload.status === 'waiting'),
  };
}
