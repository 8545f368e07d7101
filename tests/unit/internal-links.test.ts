import { afterEach, describe, expect, it, vi } from 'vitest';
import { interceptInternalLinks } from '../../src/app/internal-links';

let stop = () => {};
afterEach(() => {
  stop();
  document.body.innerHTML = '';
});

// jsdom cannot follow links: stop the default action after the interceptor had its say.
const stopNavigation = (e: Event) => e.preventDefault();

function click(html: string, init: MouseEventInit = {}) {
  document.body.innerHTML = html;
  document.removeEventListener('click', stopNavigation);
  document.addEventListener('click', stopNavigation);
  const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init });
  document.querySelector('a')!.dispatchEvent(event);
  return event;
}

describe('plain links go through the router', () => {
  it('navigates same-origin page links without reloading', () => {
    const navigate = vi.fn();
    stop = interceptInternalLinks(navigate);
    click('<a href="/la-consigne#faq">La consigne</a>');
    expect(navigate).toHaveBeenCalledWith('/la-consigne#faq');
  });

  it('leaves API links, new tabs, modified clicks and other sites alone', () => {
    const navigate = vi.fn();
    stop = interceptInternalLinks(navigate);
    click('<a href="/api/pdfs/invoices/1">Facture</a>');
    click('<a href="/contact" target="_blank">Contact</a>');
    click('<a href="/contact">Contact</a>', { ctrlKey: true });
    click('<a href="https://www.cnil.fr/">CNIL</a>');
    click('<a href="mailto:bonjour@popote.fr">Écrire</a>');
    expect(navigate).not.toHaveBeenCalled();
  });
});
