import { services } from './services.ts';

export type CommandFn = (args: string[]) => Promise<number>;

export const commands: Record<string, CommandFn> = {
  services,
};
