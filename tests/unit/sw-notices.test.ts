import { describe, expect, it } from 'vitest';
import { NOTICE_BADGE, NOTICE_ICON, noticeOf, openNotice, pushData, type NoticeWindow } from '../../sw/notices';

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

describe('a tap on a notice (the worker’s notificationclick)', () => {
  const ORDER = '/passer-commande?volet=compte#commande-7';
  function windows(urls: string[]) {
    const went: string[] = [];
    const focused: string[] = [];
    const opened: string[] = [];
    const list = urls.map((url): NoticeWindow => {
      const w: NoticeWindow = { url, focus: async () => (focused.push(url), w), navigate: async (to) => went.push(`${url} → ${to}`) };
      return w;
    });
    return { went, focused, opened, clients: { matchAll: async () => list, openWindow: async (url: string) => opened.push(url) } };
  }

  it('brings the shop’s open window forward at the order, never the team’s page', async () => {
    const open = windows([`${ORIGIN}/equipe/tournee`, `${ORIGIN}/`]);
    await openNotice({ url: ORDER }, ORIGIN, open.clients);
    expect(open.focused).toEqual([`${ORIGIN}/`]);
    expect(open.went).toEqual([`${ORIGIN}/ → ${ORIGIN}${ORDER}`]);
    expect(open.opened).toEqual([]);
  });

  it('opens a window at the order when no shop window is open, and the account for another site’s address', async () => {
    const none = windows([`${ORIGIN}/equipe`, 'https://other.example/']);
    await openNotice({ url: ORDER }, ORIGIN, none.clients);
    await openNotice({ url: 'https://evil.example/' }, ORIGIN, none.clients);
    expect(none.opened).toEqual([`${ORIGIN}${ORDER}`, `${ORIGIN}/passer-commande?volet=compte`]);
    expect(none.focused).toEqual([]);
  });
});
