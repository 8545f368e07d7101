/**
 * After the whole browser suite, on the server it ran against: the ledger replayed and compared
 * with every invoice, credit note and refund the tests made, and the audit trail's chain verified
 * (GET /__sandbox/checks). A difference fails the run, naming where.
 */
export default async function globalTeardown(): Promise<void> {
  const port = Number(process.env.E2E_PORT ?? 4173);
  const res = await fetch(`http://localhost:${port}/__sandbox/checks`);
  if (!res.ok) throw new Error(`/__sandbox/checks answered ${res.status}: ${await res.text()}`);
  const report = (await res.json()) as { ledger: { transfers: number; problems: { where: string; problem: string }[] }; audit: { entries: number; breaks: { entryId: number | null; problem: string }[] } };
  const problems = [...report.ledger.problems.map((p) => `grand livre, ${p.where} : ${p.problem}`), ...report.audit.breaks.map((b) => `journal, entrée ${b.entryId ?? '?'} : ${b.problem}`)];
  if (problems.length) throw new Error(`After the browser suite, the ledger or the audit trail does not agree:\n${problems.slice(0, 50).join('\n')}`);
  console.log(`Ledger (${report.ledger.transfers} transfers) and audit trail (${report.audit.entries} entries) checked after the suite: they agree.`);
}
