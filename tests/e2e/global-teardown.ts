import { get } from 'node:http';

/** A GET on the suite's server, with node:http (fetch refuses some ports E2E_PORT may name). */
function getJson(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    get(url, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    }).on('error', reject);
  });
}

/**
 * After the whole browser suite, on the server it ran against: the ledger replayed and compared
 * with every invoice, credit note and refund the tests made, and the audit trail's chain verified
 * (GET /__sandbox/checks). A difference fails the run, naming where.
 */
export default async function globalTeardown(): Promise<void> {
  const port = Number(process.env.E2E_PORT ?? 4173);
  const res = await getJson(`http://127.0.0.1:${port}/__sandbox/checks`);
  if (res.status !== 200) throw new Error(`/__sandbox/checks answered ${res.status}: ${res.body}`);
  const report = JSON.parse(res.body) as { ledger: { transfers: number; problems: { where: string; problem: string }[] }; audit: { entries: number; breaks: { entryId: number | null; problem: string }[] } };
  const problems = [...report.ledger.problems.map((p) => `grand livre, ${p.where} : ${p.problem}`), ...report.audit.breaks.map((b) => `journal, entrée ${b.entryId ?? '?'} : ${b.problem}`)];
  if (problems.length) throw new Error(`After the browser suite, the ledger or the audit trail does not agree:\n${problems.slice(0, 50).join('\n')}`);
  console.log(`Ledger (${report.ledger.transfers} transfers) and audit trail (${report.audit.entries} entries) checked after the suite: they agree.`);
}
