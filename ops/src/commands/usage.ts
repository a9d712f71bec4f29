/**
 * How every command answers words it was not given to do: asked for help (`help`, `--help`,
 * `-h`), it prints its usage and exits 0; given a wrong or missing word, it names the word, prints
 * its usage to stderr and exits 2, having started nothing.
 */
const HELP_WORDS: readonly string[] = ['help', '--help', '-h'];

export const isHelp = (word: string | undefined): boolean =>
  word !== undefined && HELP_WORDS.includes(word);

/** Prints the usage asked for; exit code 0. */
export function helpAnswer(usage: string): number {
  console.log(usage);
  return 0;
}

/** Refuses the words given, saying why, with the usage; exit code 2. */
export function usageRefusal(problem: string, usage: string): number {
  console.error(`${problem}\n${usage}`);
  return 2;
}

/** The problem with a command's first word: missing, or not one of those it knows. */
export const wordProblem = (what: string, word: string | undefined): string =>
  word === undefined ? `no ${what} given` : `unknown ${what} '${word}'`;
