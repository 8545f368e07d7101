/**
 * `npm run audit`: advisories of the production dependencies (`npm audit --omit=dev`); fails on a
 * high or critical one unless EXPLAINED lists it with its reason (docs/operations.md says
 * the same). The registry these machines reach answers the audit endpoint with 405: then nothing
 * can be checked, it says so and exits 0; AUDIT_REQUIRED=1 (a machine reaching registry.npmjs.org)
 * makes that a failure too.
 */
import { spawnSync } from 'node:child_process';

/** Advisory id or package name → why it does not apply to Popote. Empty: none accepted. */
const EXPLAINED = {};

const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8', shell: process.platform === 'win32' });
let report;
try {
  report = JSON.parse(run.stdout);
} catch {
  report = null;
}

if (!report || report.error || !report.metadata) {
  const why = report?.statusCode ? `HTTP ${report.statusCode}` : (report?.error?.summary || run.stderr.split('\n').find((l) => l.includes('error')) || 'no answer');
  console.warn(`npm audit: the registry gave no advisories (${why}); the production dependencies could not be checked here.`);
  process.exit(process.env.AUDIT_REQUIRED === '1' ? 1 : 0);
}

const serious = Object.values(report.vulnerabilities ?? {}).filter((v) => v.severity === 'high' || v.severity === 'critical');
const unexplained = serious.filter((v) => !(v.name in EXPLAINED) && !v.via.some((via) => typeof via === 'object' && String(via.source) in EXPLAINED));
for (const v of serious) console.log(`${v.severity.padEnd(8)} ${v.name} ${v.range}${v.name in EXPLAINED ? ` (explained: ${EXPLAINED[v.name]})` : ''}`);
const counts = report.metadata.vulnerabilities;
console.log(`npm audit --omit=dev: ${counts.critical} critical, ${counts.high} high, ${counts.moderate} moderate, ${counts.low} low.`);
if (unexplained.length > 0) {
  console.error(`${unexplained.length} high or critical advisories without an explanation: update the package or explain it in scripts/audit.mjs and the README.`);
  process.exit(1);
}
