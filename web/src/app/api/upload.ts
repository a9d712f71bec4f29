import { ApiError, readEnvelope, type Envelope } from './client.ts';

/**
 * A multipart upload with progress (fetch cannot report upload progress; XMLHttpRequest can).
 * `onProgress` gets 0–100. The answer is read like any other (ApiError on failure).
 */
export function uploadWithProgress<T>(
  path: string,
  form: FormData,
  { token, onProgress }: { token: string | null; onProgress: (percent: number) => void },
): Promise<Envelope<T>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      const response = new Response(xhr.status === 204 ? null : xhr.responseText, {
        status: xhr.status,
        headers: { 'content-type': xhr.getResponseHeader('content-type') ?? '' },
      });
      readEnvelope<T>(response).then(resolve, reject);
    };
    xhr.onerror = () => {
      reject(new ApiError(0, ''));
    };
    xhr.send(form);
  });
}
