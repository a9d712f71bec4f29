import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { buildWeb } from '../build.ts';
import { ensureServices } from '../services/index.ts';
import { ensureFfmpeg, installDebianPackages, log, repoRoot } from '../services/system.ts';
import { CHROMIUM_PACKAGE, CHROMIUM_PATH } from '../testing/browser.ts';
import type { ErrorOutsideTests } from '../testing/errorsOutsideTestsReporter.ts';
import { helpAnswer, isHelp, usageRefusal } from './usage.ts';

type TierResult = {
  tier: string;
  passed: number;
  failed: number;
  skipped: number;
  ok: boolean;
  /** Why the tier failed when no test did: errors outside any test, or how vitest ended. */
  outsideTests: string[];
  /** Each failed test as "file › name: first line of its error", so the summary names it. */
  failedTests: string[];
};

type VitestJsonReport = {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: {
    name: string;
    assertionResults: { fullName: string; status: string; failureMessages: string[] }[];
  }[];
};

/** The failed tests of a vitest JSON report, one line each, the file relative to the repository. */
export function failedTestsOf(report: VitestJsonReport): string[] {
  return report.testResults.flatMap((file) =>
    file.assertionResults
      .filter((test) => test.status === 'failed')
      .map((test) => {
        const firstLine = (test.failureMessages[0] ?? '').split('\n')[0]!.slice(0, 300);
        return `${relative(repoRoot, file.name)} › ${test.fullName}: ${firstLine}`;
      }),
  );
}

const bin = (name: string) => join(repoRoot, 'node_modules', '.bin', name);

function runStep(name: string, command: string, args: string[]): boolean {
  log(`— ${name}`);
  return spawnSync(command, args, { cwd: repoRoot, stdio: 'inherit' }).status === 0;
}

function runTier(tier: string, extraArgs: string[]): TierResult {
  const reportDir = join(repoRoot, '.boli', 'test-results');
  mkdirSync(reportDir, { recursive: true });
  const report = join(reportDir, `${tier}.json`);
  const outsideReport = join(reportDir, `${tier}.outside-tests.json`);
  for (const file of [report, outsideReport]) rmSync(file, { force: true });
  log(`— ${tier} tests`);
  const { status, signal } = spawnSync(
    bin('vitest'),
    [
      'run',
      '--project',
      tier,
      '--passWithNoTests',
      '--reporter=default',
      '--reporter=json',
      `--reporter=${join(repoRoot, 'ops', 'src', 'testing', 'errorsOutsideTestsReporter.ts')}`,
      `--outputFile.json=${report}`,
      ...extraArgs,
    ],
    {
      cwd: repoRoot,
      stdio: 'inherit',
      env: {
        ...process.env,
        FORCE_COLOR: process.env.CI ? '0' : '1',
        BOLI_TEST_ERRORS_OUTSIDE_TESTS: outsideReport,
      },
    },
  );
  const ended = signal ? `vitest was stopped by ${signal}` : `vitest exited with ${status}`;
  if (!existsSync(report))
    return {
      tier,
      passed: 0,
      failed: 1,
      skipped: 0,
      ok: false,
      outsideTests: [ended],
      failedTests: [],
    };
  const json = JSON.parse(readFileSync(report, 'utf8')) as VitestJsonReport;
  const ok = status === 0;
  const outside = existsSync(outsideReport)
    ? (JSON.parse(readFileSync(outsideReport, 'utf8')) as ErrorOutsideTests[])
    : [];
  const outsideTests = outside.map(
    (e) => `${e.name}: ${e.message}${e.where ? ` (${e.where})` : ''}`,
  );
  if (!ok && json.numFailedTests === 0 && outsideTests.length === 0) outsideTests.push(ended);
  return {
    tier,
    passed: json.numPassedTests,
    failed: json.numFailedTests,
    skipped: json.numPendingTests + json.numTodoTests,
    ok,
    outsideTests,
    failedTests: failedTestsOf(json),
  };
}

/** The browser the e2e tier drives: installed from Debian when it is one of Debian's. */
function ensureChromium(): void {
  if (existsSync(CHROMIUM_PATH) || CHROMIUM_PACKAGE === undefined) return;
  installDebianPackages([CHROMIUM_PACKAGE], 'the browser tests');
}

const TIERS: readonly string[] = ['static', 'unit', 'int', 'e2e'];

/**
 * `npm test`: the same set-up as `npm start`, then typecheck and lint, then the unit, int and
 * e2e tiers. Stops the servers it started. Ends with one line: "N passed, N failed, N skipped".
 */
export async function test(args: string[]): Promise<number> {
  const usage = `usage: npm test [-- ${TIERS.join(' | ')} …]   (none named: every tier)`;
  if (args.some(isHelp)) return helpAnswer(usage);
  const unknown = args.find((arg) => !TIERS.includes(arg));
  if (unknown !== undefined) return usageRefusal(`unknown tier '${unknown}'`, usage);
  const wants = (tier: string) => args.length === 0 || args.includes(tier);
  const services = await ensureServices();
  // Ctrl-C also reaches the test runner; once it returns, stop the servers this run started.
  process.on('SIGINT', () => {
    services.stop();
    process.exit(130);
  });
  const results: TierResult[] = [];
  let staticOk = true;
  try {
    if (wants('static')) {
      staticOk = runStep('typecheck', 'npm', ['run', '--silent', 'typecheck']) && staticOk;
      staticOk = runStep('lint', 'npm', ['run', '--silent', 'lint']) && staticOk;
    }
    if (wants('unit')) results.push(runTier('unit', []));
    if (wants('int')) {
      // The posting tests make a video and check its poster frame with ffmpeg.
      ensureFfmpeg('the video tests');
      results.push(runTier('int', []));
    }
    if (wants('e2e')) {
      ensureChromium();
      buildWeb();
      results.push(runTier('e2e', []));
    }
  } finally {
    services.stop();
  }
  const total = results.reduce(
    (sum, r) => ({
      passed: sum.passed + r.passed,
      failed: sum.failed + r.failed,
      skipped: sum.skipped + r.skipped,
    }),
    { passed: 0, failed: 0, skipped: 0 },
  );
  for (const r of results) {
    log(`${r.tier.padEnd(5)} ${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped`);
    for (const line of r.failedTests) log(`      failed: ${line}`);
    for (const line of r.outsideTests) log(`      failed outside any test: ${line}`);
  }
  if (!staticOk) log('typecheck or lint failed (see above)');
  const ok = staticOk && results.every((r) => r.ok);
  console.log(`\ntests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
  return ok ? 0 : 1;
}
