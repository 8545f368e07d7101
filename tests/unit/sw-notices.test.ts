import { describe, expect, it } from 'vitest';
import { NOTICE_BADGE, NOTICE_ICON, noticeOf, pushData } from '../../sw/notices';

const ORIGIN = 'https://popote.example';

describe('what a push shows', () => {
  it('the server’s message, with the shop’s icon and badge and a tag per order', () => {
    const notice = noticeOf({ title: 'Votre Popote est arrivée', body: 'Votre Popote est arrivée à Bellecour, jusqu’à 12\u00a0h\u00a030.', tag: 'commande-7', url: '/passer-commande?volet=compte#commande-7' }, ORIGIN);
    expect(notice).toEqual({
      title: 'Votre Popote est arrivée',
      options: { body: 'Votre Popote est arrivée à Bellecour, jusqu’à 12\u00a0h\u00a030.', icon: NOTICE_ICON, badge: NOTICE_BADGE, lang: 'fr', tag: 'commande-7', data: { url: '/passer-commande?volet=compte#commande-7' } },
    });
  });

  it('never opens another site, and says something in French when the push says nothing readable', () => {
    expect(noticeOf({ title: 'x', body: 'y', tag: 't', url: 'https://evil.example/' }, ORIGIN).options.data.url).toBe('/passer-commande?volet=compte');
    expect(noticeOf({ url: '//evil.example/x' }, ORIGIN).options.data.url).toBe('/passer-commande?volet=compte');
    const blank = noticeOf(pushData(() => JSON.parse('not json')), ORIGIN);
    expect(blank.title).toBe('Popote');
    expect(blank.options.body).toBe('Des nouvelles de votre commande.');
  });
});
