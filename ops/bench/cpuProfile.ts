/** V8's sampling profiler over this process until `stop` writes `file` (none: does nothing). */
export async function startCpuProfile(
  file: string | undefined,
): Promise<{ stop(): Promise<void> }> {
  if (!file) return { stop: async () => {} };
  const { Session } = await import('node:inspector/promises');
  const { writeFile } = await import('node:fs/promises');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return {
    async stop() {
      const { profile } = await session.post('Profiler.stop');
      await writeFile(file, JSON.stringify(profile));
      session.disconnect();
    },
  };
}
