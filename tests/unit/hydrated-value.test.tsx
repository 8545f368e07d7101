import { act } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { useHydrated, useHydratedValue } from '../../src/lib/use-hydrated';

// Hydration's last task redraws synchronously every part whose value changed once hydrated: a part
// whose value is what the server drew must not be drawn again (docs/bench/README.md).

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

/** Server-renders `part`, then hydrates it in the document; answers the host. */
async function serveThenHydrate(part: () => React.ReactElement): Promise<HTMLElement> {
  const host = document.createElement('div');
  host.innerHTML = renderToString(part());
  document.body.append(host);
  await act(async () => {
    root = hydrateRoot(host, part(), { onRecoverableError: (error) => { throw error; } });
  });
  return host;
}

describe('useHydratedValue', () => {
  it('draws what the server drew while hydrating, then the browser’s value', async () => {
    const texts: string[] = [];
    function Count() {
      const count = useHydratedValue(3, 0);
      texts.push(String(count));
      return <span>{count}</span>;
    }
    const host = await serveThenHydrate(() => <Count />);
    expect(host.textContent).toBe('3');
    // Server, hydration (as served), then once more for the browser's value.
    expect(texts).toEqual(['0', '0', '3']);
  });

  it('does not draw a part again when its value is the one the server drew', async () => {
    let draws = 0;
    function Online() {
      const online = useHydratedValue(true, true);
      draws++;
      return <span>{online ? 'en ligne' : 'hors ligne'}</span>;
    }
    const host = await serveThenHydrate(() => <Online />);
    expect(host.textContent).toBe('en ligne');
    expect(draws).toBe(2); // the server's render and hydration's, no redraw

    // useHydrated, by contrast, always draws its part again.
    let hydratedDraws = 0;
    function Flag() {
      const hydrated = useHydrated();
      hydratedDraws++;
      return <span>{hydrated ? 'prêt' : 'en attente'}</span>;
    }
    const flagHost = await serveThenHydrate(() => <Flag />);
    expect(flagHost.textContent).toBe('prêt');
    expect(hydratedDraws).toBe(3);
  });
});
