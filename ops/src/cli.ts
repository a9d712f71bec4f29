import { commands } from './commands/index.ts';
import { helpAnswer, isHelp, usageRefusal, wordProblem } from './commands/usage.ts';
import { SetupError, log } from './services/system.ts';

const [name, ...args] = process.argv.slice(2);
const command = name === undefined ? undefined : commands[name];

if (!command) {
  const usage = `usage: npm start | npm test | npm run <${Object.keys(commands).join('|')}> -- …`;
  process.exit(
    isHelp(name) ? helpAnswer(usage) : usageRefusal(wordProblem('command', name), usage),
  );
}

try {
  process.exitCode = await command(args);
} catch (error) {
  if (error instanceof SetupError) {
    log(`cannot continue: ${error.message}`);
    process.exitCode = 1;
  } else throw error;
}
