import { cleanup, render, screen } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MapBoundary } from '../../src/features/delivery/components/map-boundary';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the map chunk that cannot load', () => {
  it('offline, says the map needs the network and points to the list instead of failing the page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const Missing = lazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    render(
      <MapBoundary>
        <Suspense fallback={<p>Chargement de la carte…</p>}>
          <Missing />
        </Suspense>
      </MapBoundary>,
    );
    expect(await screen.findByText('La carte n’est pas disponible hors connexion : choisissez votre point dans la liste.')).toBeTruthy();
  });
});
