import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, Outlet, useRouterState } from '@tanstack/react-router';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { QueryStatus } from '../../components/ui/query-status';
import { watchConnection } from '../../lib/connection-store';
import { plural } from '../../lib/format';
import { notify } from '../../lib/snackbar-store';
import { ROLE_LABELS, type StaffMe, type StaffRoleName } from '../../shared/api/staff';
import { staffMeQuery, useStaffLogout } from '../team-api';
import { startTeamApp } from '../team-start';
import { TeamLogin } from './team-login';
import { EnrolmentStep, RecoveryCodes, SecondFactorStep } from './second-factor';
import { Snackbars } from '../../components/ui/snackbars';
import { useDialogOpen } from '../../components/ui/above-dialogs';
import { UpdateNotice } from '../../components/ui/update-notice';
import { useRoundBusy } from '../round/round-activity';
import forms from './team-forms.module.css';
import styles from './team-shell.module.css';

/** The team's pages, who may open them (admin may open all), and what each is for (the home page says it). */
export const TEAM_PAGES: { to: string; label: string; roles: StaffRoleName[]; what: string }[] = [
  { to: '/equipe/commandes', label: 'Commandes', roles: ['admin'], what: 'Les commandes du jour, par tournée ; annuler, rembourser.' },
  { to: '/equipe/cuisine', label: 'Cuisine', roles: ['cuisine'], what: 'La fiche de production du jour : portions par plat et par tournée, à imprimer.' },
  { to: '/equipe/cuisine/stock', label: 'Stock', roles: ['cuisine'], what: 'Les portions commandées et restantes ; plafonds et plats épuisés.' },
  { to: '/equipe/tournee', label: 'Ma tournée', roles: ['livreur'], what: 'La tournée du jour sur le téléphone : remis, absent, titres et contenants, même sans réseau.' },
  { to: '/equipe/tournees', label: 'Tournées', roles: ['livreur'], what: 'L’ordre des arrêts de chaque tournée ; feuilles de route et étiquettes des sacs.' },
  { to: '/equipe/cloture', label: 'Clôture', roles: ['admin'], what: 'Les ventes du jour par taux de TVA et moyen de paiement, leur contrôle, l’export comptable ; clore la journée.' },
  { to: '/equipe/a-valider', label: 'À valider', roles: ['admin'], what: 'Ce que les livreurs ont reçu au-delà des déclarations : crédité seulement après votre validation.' },
  { to: '/equipe/titres', label: 'Titres papier', roles: ['admin'], what: 'Les titres-restaurant papier reçus, remis par émetteur avec leur bordereau, jusqu’au paiement.' },
  { to: '/equipe/membres', label: 'Équipe', roles: ['admin'], what: 'Les comptes de l’équipe : inviter, rôles, désactiver.' },
  { to: '/equipe/journal', label: 'Journal', roles: ['admin'], what: 'Qui a fait quoi, et quand.' },
];

export const mayOpen = (me: StaffMe, roles: StaffRoleName[]) => me.roles.includes('admin') || roles.some((role) => me.roles.includes(role));

/** The paths anyone may open without a session (the one-time link to choose a password). */
const PUBLIC_PATHS = ['/equipe/bienvenue'];

/**
 * The team app's frame (Popote Équipe): its own header and navigation, none of the shop's
 * (no cart, banners or customer account). Without a team session it shows the login in place of
 * the page asked for, which then opens as it is.
 */
export function TeamShell() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const me = useQuery(staffMeQuery);
  useEffect(startTeamApp, []);
  useTeamOffline();
  const open = PUBLIC_PATHS.includes(pathname);
  // Shown once after the enrolment, whatever the session reads meanwhile, until the member kept them.
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const signedIn = me.data && !me.data.pending ? me.data : null;
  return (
    <div className={styles.app}>
      <a className="skip-link" href="#contenu" data-router="ignore">
        Aller au contenu
      </a>
      <header className={styles.header}>
        <Link to="/equipe" className={styles.brand}>
          Popote <span>Équipe</span>
        </Link>
        {signedIn && !recoveryCodes ? <TeamNav me={signedIn} /> : null}
      </header>
      <main id="contenu" tabIndex={-1} className={styles.main}>
        {recoveryCodes ? (
          <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />
        ) : open ? (
          <Outlet />
        ) : (
          <QueryStatus query={me} loading="Chargement de votre session…" error="Impossible de savoir qui est connecté.">
            {(member) =>
              !member ? (
                <TeamLogin />
              ) : member.pending === 'totp' ? (
                <SecondFactorStep me={member} />
              ) : member.pending === 'enrol' ? (
                <EnrolmentStep me={member} onEnrolled={setRecoveryCodes} />
              ) : (
                <Outlet />
              )
            }
          </QueryStatus>
        )}
      </main>
      <Snackbars />
      <TeamUpdateNotice />
    </div>
  );
}

/**
 * The team app's own new-version notice. It never comes in the middle of a round's tap: it waits
 * while the round's taps are not all sent, and while a dialog (a correction, a confirmation) is open.
 */
export function TeamUpdateNotice() {
  const roundBusy = useRoundBusy();
  const dialogOpen = useDialogOpen();
  return <UpdateNotice busy={roundBusy || dialogOpen} kept="Les actions de tournée enregistrées sont conservées." />;
}

/**
 * What lets the courier's round work offline: the browser's connection followed (the team's
 * "offline" notices and the round's closing read it; back online, the team's reads are asked
 * again), and the identity and rounds kept on the device restored (src/equipe/round/).
 */
function useTeamOffline() {
  const queryClient = useQueryClient();
  useEffect(() => watchConnection(() => void queryClient.invalidateQueries({ queryKey: ['staff'] })), [queryClient]);
  useEffect(() => {
    let stop: (() => void) | undefined;
    let left = false;
    void import('../round/round-persistence').then(({ persistTeamQueries }) => {
      if (left) return;
      stop = persistTeamQueries(queryClient).unsubscribe;
    });
    return () => {
      left = true;
      stop?.();
    };
  }, [queryClient]);
}

function TeamNav({ me }: { me: StaffMe }) {
  const logout = useStaffLogout();
  const [unsent, setUnsent] = useState(0);
  const nav = useRef<HTMLElement>(null);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  // On a phone the navigation scrolls sideways: the current page is brought into its view.
  useEffect(() => {
    const list = nav.current;
    const current = list?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!list || !current || list.scrollWidth <= list.clientWidth) return;
    list.scrollLeft = current.offsetLeft - (list.clientWidth - current.offsetWidth) / 2;
  }, [pathname]);
  const out = () =>
    logout.mutate(undefined, {
      onSuccess: () => setUnsent(0),
      onError: (error) => notify({ title: 'Déconnexion impossible', message: error.message, type: 'error' }),
    });
  // Round actions not sent yet wait for their author's next login on this phone: said first.
  const leave = async () => {
    // Read from the round's outbox only now: every team page's frame need not carry it.
    const waiting = await import('../round/outbox').then((m) => m.unsentTaps());
    if (waiting > 0) setUnsent(waiting);
    else out();
  };
  return (
    <>
      {/* Meant to scroll sideways on a phone (the layout checks know it by data-scroll-x). */}
      <nav ref={nav} aria-label="Popote Équipe" className={styles.nav} data-scroll-x="">
        {TEAM_PAGES.filter((page) => mayOpen(me, page.roles)).map((page) => (
          <Link key={page.to} to={page.to} className={styles.navLink} activeProps={{ 'aria-current': 'page' }}>
            {page.label}
          </Link>
        ))}
      </nav>
      <div className={styles.me}>
        <span>
          {me.name} <small>({me.roles.map((role) => ROLE_LABELS[role]).join(', ')})</small>
        </span>
        <Button variant="ghost" size="sm" busy={logout.isPending} onClick={() => void leave()}>
          Se déconnecter
        </Button>
      </div>
      {unsent > 0 ? (
        <Dialog open title="Des actions de tournée ne sont pas envoyées" onClose={() => setUnsent(0)} dismissible={!logout.isPending}>
          <div className={forms.form}>
            <p>
              {plural(unsent, 'action enregistrée sur ce téléphone attend', 'actions enregistrées sur ce téléphone attendent')} d’être envoyée{unsent > 1 ? 's' : ''}. Elles restent sur le téléphone et partiront à la
              prochaine connexion ici de la personne qui les a enregistrées. Retrouvez le réseau et ouvrez « Ma tournée » pour les envoyer d’abord.
            </p>
            <div className={forms.actions}>
              <Button variant="ghost" onClick={() => setUnsent(0)} disabled={logout.isPending}>
                Rester connecté
              </Button>
              <Button busy={logout.isPending} onClick={out}>
                Se déconnecter quand même
              </Button>
            </div>
          </div>
        </Dialog>
      ) : null}
    </>
  );
}

/** An address under /equipe that is no page of the team's app: said in its own frame. */
export function TeamNotFound() {
  return (
    <div className={styles.refused}>
      <h1>Page introuvable</h1>
      <p>Cette page n’existe pas dans Popote Équipe.</p>
      <Link to="/equipe">Retour à l’accueil de Popote Équipe</Link>
    </div>
  );
}

/** A page the member's roles do not open: said, not hidden behind an empty screen. */
export function RoleGate({ roles, children }: { roles: StaffRoleName[]; children: ReactNode }) {
  const me = useQuery(staffMeQuery).data;
  if (!me) return null;
  if (mayOpen(me, roles)) return <>{children}</>;
  return (
    <div className={styles.refused}>
      <h1>Accès réservé</h1>
      <p>Votre rôle ne permet pas d’ouvrir cette page.</p>
      <Link to="/equipe">Retour à l’accueil de Popote Équipe</Link>
    </div>
  );
}
