import { useCallback } from 'react';
import { MESSAGES } from '@boli/engine/shared/messages';
import { ApiError } from '../app/api/client.ts';
import { useSession } from '../app/session/sessionContext.ts';

/*
 * One media file sent by XMLHttpRequest, whose upload events give the per-file progress bar that
 * fetch cannot. The answer is the api's envelope, read as client.ts reads every other one.
 */

type Sent = {
  path: string;
  token: string | null;
  /** The file's form field: `file` for /api/gallery/stage, `media` for /api/gallery/upload. */
  fileField: string;
  file: File;
  fields?: Record<string, string>;
  onProgress: (fraction: number) => void;
  signal: AbortSignal;
};

const abortError = () => new DOMException('The upload was cancelled', 'AbortError');

export function sendMediaFile<T>({
  path,
  token,
  fileField,
  file,
  fields = {},
  onProgress,
  signal,
}: Sent): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) return reject(abortError());
    const request = new XMLHttpRequest();
    request.open('POST', path);
    request.setRequestHeader('Accept', 'application/json');
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      let body: Record<string, unknown> = {};
      try {
        const parsed: unknown = JSON.parse(request.responseText);
        if (typeof parsed === 'object' && parsed !== null) body = parsed as Record<string, unknown>;
      } catch {
        // Not the api's JSON (a proxy's page, say): the generic message.
      }
      const ok = request.status >= 200 && request.status < 300 && body.error === false;
      if (ok) return resolve(body.data as T);
      reject(
        new ApiError(
          request.status,
          typeof body.msg === 'string' ? body.msg : '',
          Array.isArray(body.errors) ? (body.errors as { message: string }[]) : [],
          body.data ?? null,
          body,
        ),
      );
    };
    request.onerror = () => reject(new ApiError(0, ''));
    request.onabort = () => reject(abortError());
    signal.addEventListener('abort', () => request.abort(), { once: true });
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append(fileField, file, file.name);
    request.send(form);
  });
}

/**
 * sendMediaFile as the logged-in member: an expired token is refreshed once and the file sent
 * again, as useApi does for the other calls.
 */
export function useMediaSender<T>(
  path: string,
  fileField: string,
  fields?: Record<string, string>,
) {
  const { token, refresh, logout } = useSession();
  const fieldsKey = JSON.stringify(fields ?? {});
  return useCallback(
    async (file: File, onProgress: (fraction: number) => void, signal: AbortSignal) => {
      const extra = JSON.parse(fieldsKey) as Record<string, string>;
      const send = (withToken: string | null) =>
        sendMediaFile<T>({
          path,
          token: withToken,
          fileField,
          file,
          fields: extra,
          onProgress,
          signal,
        });
      try {
        return await send(token);
      } catch (error) {
        if (!(error instanceof ApiError && error.tokenExpired)) throw error;
        let fresh: string;
        try {
          fresh = await refresh();
        } catch {
          logout(MESSAGES.sessionExpired, { tellServer: false });
          throw error;
        }
        return send(fresh);
      }
    },
    [path, fileField, fieldsKey, token, refresh, logout],
  );
}
