import { commands } from './commands/index.ts';
import { SetupError, log } from './services/system.ts';

const [name = 'help', ...args] = process.argv.slice(2);
const command = commands[name];

if (!command) {
  console.log(`usage: npm start | npm test | npm run <${Object.keys(commands).join('|')}> -- …`);
  process.exit(name === 'help' ? 0 : 2);
}

try {
  process.exitCode = await command(args);
} catch (error) {
  if (error instanceof SetupError) {
    log(`cannot continue: ${error.message}`);
    process.exitCode = 1;
  } else throw error;
}
