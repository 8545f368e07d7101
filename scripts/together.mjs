import { spawn } from 'node:child_process';

/**
 * Runs npm scripts side by side (the checks that each keep one core busy: eslint and tsc) and fails
 * when any fails, after all have ended. Usage: node scripts/together.mjs lint typecheck
 */
const scripts = process.argv.slice(2);
const codes = await Promise.all(
  scripts.map(
    (name) =>
      new Promise((resolve) => {
        const child = spawn('npm', ['run', '--silent', name], { stdio: 'inherit', shell: process.platform === 'win32' });
        child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
      }),
  ),
);
const failed = scripts.filter((_, i) => codes[i] !== 0);
if (failed.length) {
  console.error(`Failed: ${failed.join(', ')}`);
  process.exit(1);
}
