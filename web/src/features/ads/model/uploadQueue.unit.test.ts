import { describe, expect, it } from 'vitest';
import { createUploadQueue, uploadsNews, type Upload } from './uploadQueue.ts';

type File = { name: string };

/** A send whose every call waits until the test settles it. */
function controlledSend() {
  const calls = new Map<
    string,
    {
      progress: (fraction: number) => void;
      resolve: (result: string) => void;
      reject: (error: Error) => void;
      signal: AbortSignal;
    }
  >();
  let peak = 0;
  const running = () => [...calls.values()].filter((call) => !call.signal.aborted).length;
  const send = (file: File, progress: (fraction: number) => void, signal: AbortSignal) =>
    new Promise<string>((resolve, reject) => {
      const call = {
        progress,
        signal,
        resolve: (result: string) => {
          calls.delete(file.name);
          resolve(result);
        },
        reject: (error: Error) => {
          calls.delete(file.name);
          reject(error);
        },
      };
      calls.set(file.name, call);
      signal.addEventListener('abort', () => calls.delete(file.name));
      peak = Math.max(peak, running());
    });
  return { send, calls, peak: () => peak };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const files = (count: number): File[] =>
  Array.from({ length: count }, (_, i) => ({ name: `photo-${i + 1}.jpg` }));
const statuses = (uploads: Upload<string>[]) => uploads.map((upload) => upload.status);

describe('the upload queue', () => {
  it('sends at most 6 files at once, starting the next as one finishes, in order', async () => {
    const { send, calls, peak } = controlledSend();
    let seen: Upload<string>[] = [];
    const queue = createUploadQueue<File, string>({ limit: 6, send, onChange: (u) => (seen = u) });
    for (const file of files(8)) queue.add(file);

    expect([...calls.keys()]).toEqual(files(6).map((file) => file.name));
    expect(statuses(seen)).toEqual([...Array(6).fill('uploading'), 'waiting', 'waiting']);

    calls.get('photo-3.jpg')?.resolve('staged-3');
    await settle();
    expect(calls.has('photo-7.jpg')).toBe(true);
    expect(calls.has('photo-8.jpg')).toBe(false);
    expect(seen[2]).toMatchObject({ status: 'uploaded', progress: 1, result: 'staged-3' });

    for (const name of [...calls.keys()]) calls.get(name)?.resolve(`staged-${name}`);
    await settle();
    for (const name of [...calls.keys()]) calls.get(name)?.resolve(`staged-${name}`);
    await settle();
    expect(statuses(seen)).toEqual(Array(8).fill('uploaded'));
    expect(peak()).toBe(6);
  });

  it('reports each file’s own progress', async () => {
    const { send, calls } = controlledSend();
    let seen: Upload<string>[] = [];
    const queue = createUploadQueue<File, string>({ limit: 6, send, onChange: (u) => (seen = u) });
    queue.add({ name: 'a.jpg' });
    queue.add({ name: 'b.webm' });
    calls.get('a.jpg')?.progress(0.25);
    calls.get('b.webm')?.progress(0.8);
    expect(seen.map((upload) => upload.progress)).toEqual([0.25, 0.8]);
  });

  it('marks a failed upload with its reason and goes on with the others', async () => {
    const { send, calls } = controlledSend();
    let seen: Upload<string>[] = [];
    const queue = createUploadQueue<File, string>({ limit: 1, send, onChange: (u) => (seen = u) });
    queue.add({ name: 'a.jpg' });
    queue.add({ name: 'b.jpg' });
    calls.get('a.jpg')?.reject(new Error('File too large'));
    await settle();
    expect(seen[0]).toMatchObject({ status: 'failed', error: 'File too large' });
    expect(seen[1]?.status).toBe('uploading');
  });

  it('sends again a file the connection failed, not one the server refused', async () => {
    const { send, calls } = controlledSend();
    let seen: Upload<string>[] = [];
    const queue = createUploadQueue<File, string>({
      limit: 6,
      send,
      onChange: (u) => (seen = u),
      retryable: (error) => (error as Error).message === 'offline',
    });
    const lost = queue.add({ name: 'a.jpg' });
    const refused = queue.add({ name: 'b.jpg' });
    calls.get('a.jpg')?.reject(new Error('offline'));
    calls.get('b.jpg')?.reject(new Error('Not a photo'));
    await settle();
    expect(seen.map((upload) => [upload.status, upload.retryable])).toEqual([
      ['failed', true],
      ['failed', false],
    ]);
    queue.retry(refused);
    queue.retry(lost);
    expect([...calls.keys()]).toEqual(['a.jpg']);
    expect(seen[0]).toMatchObject({ status: 'uploading', progress: 0, error: undefined });
    calls.get('a.jpg')?.resolve('staged-a');
    await settle();
    expect(statuses(seen)).toEqual(['uploaded', 'failed']);
  });

  it('aborts a running upload that is removed, and lets a waiting one take its place', async () => {
    const { send, calls } = controlledSend();
    let seen: Upload<string>[] = [];
    const queue = createUploadQueue<File, string>({ limit: 1, send, onChange: (u) => (seen = u) });
    const first = queue.add({ name: 'a.jpg' });
    queue.add({ name: 'b.jpg' });
    const signal = calls.get('a.jpg')?.signal;
    queue.remove(first);
    expect(signal?.aborted).toBe(true);
    expect(seen.map((upload) => [upload.name, upload.status])).toEqual([['b.jpg', 'uploading']]);
    await settle();
    expect(queue.uploads()).toHaveLength(1);
  });
});

describe('what the uploads came to, said', () => {
  const of = (...statuses: Upload<unknown>['status'][]) => statuses.map((status) => ({ status }));
  it('says files are on their way, then how many are in and how many failed', () => {
    expect(uploadsNews(of('uploaded', 'uploading', 'waiting'))).toBe('Uploading 2 files…');
    expect(uploadsNews(of('uploaded'))).toBe('1 file uploaded.');
    expect(uploadsNews(of('uploaded', 'failed', 'uploaded'))).toBe(
      '2 files uploaded. 1 file failed.',
    );
    expect(uploadsNews([])).toBe('');
  });
});
