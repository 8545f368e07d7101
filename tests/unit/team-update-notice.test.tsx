import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { lowerLayer, raiseLayer } from '../../src/components/ui/above-dialogs';
import { TeamUpdateNotice } from '../../src/equipe/components/team-shell';
import { setRoundBusy } from '../../src/equipe/round/round-activity';
import { appUpdate, offerUpdate } from '../../src/lib/app-update';

afterEach(() => {
  cleanup();
  appUpdate.ready = false;
  setRoundBusy(false);
});

const notice = () => screen.queryByText('Une nouvelle version est disponible.');

describe('the team app’s new-version notice', () => {
  it('waits while a round’s taps are on their way, and while a dialog is open', async () => {
    render(<TeamUpdateNotice />);
    await act(async () => setRoundBusy(true));
    await act(async () => offerUpdate(() => {}));
    expect(notice()).toBeNull();
    await act(async () => setRoundBusy(false));
    expect(await screen.findByText('Les actions de tournée enregistrées sont conservées.')).not.toBeNull();
    const layer = document.createElement('div');
    await act(async () => raiseLayer(layer));
    expect(notice()).toBeNull();
    await act(async () => lowerLayer(layer));
    expect(notice()).not.toBeNull();
  });
});
