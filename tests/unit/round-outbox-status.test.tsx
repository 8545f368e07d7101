import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RoundOrder } from '../../src/equipe/components/round-order';
import { RoundOutboxStatus, RoundRejections } from '../../src/equipe/components/round-outbox-status';
import type { NewEvent, ShownOrder } from '../../src/equipe/round/round-display';
import { waitingNotice, type KeptEvent } from '../../src/equipe/round/outbox-rules';
import type { SendState } from '../../src/equipe/round/round-sync';

afterEach(cleanup);

const LEA = { id: 7, name: 'Léa D.' };
const IDLE: SendState = { sending: false, failures: 0, problem: null, nextTry: null, stopped: null };
let seq = 0;
const kept = (fields: Partial<KeptEvent> & { type?: Exclude<KeptEvent['event']['type'], 'arrived'> }): KeptEvent => ({
  v: 2,
  author: LEA,
  event: { id: `00000000-0000-4000-8000-${String(++seq).padStart(12, '0')}`, type: fields.type ?? 'handed_over', order_id: 11, at: new Date().toISOString() },
  tour_id: 2,
  date: '2026-11-27',
  tap: 'tap-1',
  seq,
  status: 'pending',
  ...fields,
});

describe('the round’s outbox on screen', () => {
  it('shows one refused “Remis” (with its vouchers and containers) as one line with one “J’ai compris”', () => {
    const rejection = { code: 'order_cancelled', message: 'Cette commande a été annulée entre-temps : ne la remettez pas.' };
    const tap = [kept({ status: 'rejected', rejection }), kept({ type: 'vouchers_received', status: 'rejected', rejection }), kept({ type: 'containers_returned', status: 'rejected', rejection })];
    const acknowledged: string[][] = [];
    render(<RoundRejections entries={tap} names={new Map([[11, 'Léa D., F2026-000123']])} onAcknowledge={(ids) => acknowledged.push(ids)} />);
    const lines = within(screen.getByRole('alert')).getAllByRole('listitem');
    expect(lines).toHaveLength(1);
    expect(lines[0]!.textContent).toContain('Remis (Léa D., F2026-000123) : Cette commande a été annulée entre-temps');
    fireEvent.click(screen.getByRole('button', { name: 'J’ai compris' }));
    expect(acknowledged).toEqual([tap.map((entry) => entry.event.id)]);
  });

  it('says before the first tap that the phone keeps nothing when its storage is refused', () => {
    render(<RoundOutboxStatus entries={[]} state={IDLE} mode="direct" memberId={LEA.id} onRetry={() => {}} />);
    expect(screen.getByTestId('round-unkept').textContent).toMatch(/^Ce téléphone ne garde pas vos actions/);
    expect(screen.getByTestId('round-outbox').textContent).toBe('Tout est envoyé');
  });

  it('names whose actions wait for another login, and says why the sending stopped', () => {
    const { rerender } = render(<RoundOutboxStatus entries={[kept({}), kept({ tap: 'tap-2' })]} state={IDLE} mode="kept" memberId={9} onRetry={() => {}} />);
    expect(screen.getByTestId('round-held').textContent).toBe('2 actions enregistrées par Léa D. attendent ici : Léa D. doit se connecter sur ce téléphone pour les envoyer. Rien n’est perdu.');
    expect(screen.queryByRole('button', { name: 'Envoyer maintenant' })).toBeNull();
    const stopped = 'Le serveur refuse l’envoi (jeton de sécurité expiré) : rechargez la page puis touchez « Envoyer maintenant ». Vos actions restent sur le téléphone.';
    let retried = 0;
    rerender(<RoundOutboxStatus entries={[kept({})]} state={{ ...IDLE, stopped }} mode="kept" memberId={LEA.id} onRetry={() => retried++} />);
    expect(screen.getByRole('alert').textContent).toBe(stopped);
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer maintenant' }));
    expect(retried).toBe(1);
  });

  it('tells the login that the session ended and how many actions wait, and whose', () => {
    expect(waitingNotice([])).toBeNull();
    expect(waitingNotice([kept({}), kept({ type: 'containers_returned' }), kept({ tap: 'tap-2' })])).toBe(
      'Votre session a pris fin. 2 actions de tournée de Léa D. attendent sur ce téléphone : elles partiront dès que Léa D. se reconnectera ici. Rien n’est perdu.',
    );
    expect(waitingNotice([kept({ author: null })])).toBe('Votre session a pris fin. 1 action de tournée attend sur ce téléphone : elle partira dès que vous vous reconnecterez. Rien n’est perdu.');
  });
});

describe('the issuer of the vouchers “Remis” records', () => {
  const bag = (orderId: number, outcome: 'handed_over' | null): ShownOrder => ({
    order_id: orderId,
    invoice_number: `F2026-0000${orderId}`,
    customer: 'Léa D.',
    phone: '',
    state: 'paid',
    lines: ['Bowl d’automne'],
    vouchers_declared: { total_cents: 925, rows: [{ count: 1, unit_cents: 925 }] },
    containers_declared: 0,
    outcome,
    absence_reason: null,
    vouchers_received: outcome ? [{ issuer: 'edenred', count: 1, unit_cents: 925 }] : null,
    containers_received: null,
    balance_due: 0,
    local: false,
  });

  it('stays Edenred for the next bags after a correction to Pluxee on one bag', async () => {
    const recorded: NewEvent[][] = [];
    const record = async (events: NewEvent[]) => void recorded.push(events);
    const first = render(<RoundOrder order={bag(1, 'handed_over')} closed={false} entries={[]} record={record} />);
    fireEvent.click(screen.getByRole('button', { name: 'Corriger les titres' }));
    fireEvent.change(screen.getByLabelText('Émetteur'), { target: { value: 'pluxee' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer les titres' }));
    expect(recorded[0]).toEqual([{ type: 'vouchers_received', order_id: 1, rows: [{ issuer: 'pluxee', count: 1, unit_cents: 925 }] }]);
    first.unmount();
    render(<RoundOrder order={bag(2, null)} closed={false} entries={[]} record={record} />);
    fireEvent.click(screen.getByRole('button', { name: 'Remis' }));
    expect(recorded[1]).toContainEqual({ type: 'vouchers_received', order_id: 2, rows: [{ issuer: 'edenred', count: 1, unit_cents: 925 }] });
  });
});
