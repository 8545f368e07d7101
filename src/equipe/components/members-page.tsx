import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { QueryStatus } from '../../components/ui/query-status';
import { TextField } from '../../components/ui/text-field';
import { applyServerErrors } from '../../lib/form-errors';
import { notify } from '../../lib/snackbar-store';
import { ofName } from '../../shared/elision';
import { ROLE_LABELS, STAFF_ROLES, staffInviteBodySchema, type StaffMember, type StaffRoleName } from '../../shared/api/staff';
import { Dialog } from '../../components/ui/dialog';
import { staffMeQuery, staffMembersQuery, useChangeMember, useInviteMember, useResendLink, useResetSecondFactor } from '../team-api';
import forms from './team-forms.module.css';
import styles from './team-page.module.css';

/** A link the server could not mail (no SMTP_URL): the admin passes it on by hand. */
interface HandLink {
  name: string;
  message: string;
  link: string;
}

/** The team's accounts (admin): invite, roles, disable and enable, a new link, a second factor reset. */
export function MembersPage() {
  const members = useQuery(staffMembersQuery);
  const [handLink, setHandLink] = useState<HandLink | null>(null);
  return (
    <>
      <div className={styles.heading}>
        <h1>Équipe</h1>
      </div>
      <QueryStatus query={members} loading="Chargement de l’équipe…" error="Impossible de charger l’équipe.">
        {(list) => (
          <div className={styles.tableWrap}>
            <table className={`${styles.table} ${styles.stacked}`}>
              <thead>
                <tr>
                  <th scope="col">Membre</th>
                  <th scope="col">Rôles</th>
                  <th scope="col">Compte</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {list.map((member) => (
                  <MemberRow key={member.id} member={member} onHandLink={setHandLink} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryStatus>
      {handLink ? <LinkToHand link={handLink} onClose={() => setHandLink(null)} /> : null}
      <InviteForm onHandLink={setHandLink} />
    </>
  );
}

/** The link to pass on, when no mail could carry it: said plainly, selectable, copyable. */
function LinkToHand({ link, onClose }: { link: HandLink; onClose: () => void }) {
  const copy = () =>
    navigator.clipboard.writeText(link.link).then(
      () => notify({ title: 'Lien copié', message: `Transmettez-le à ${link.name}.`, type: 'success' }),
      () => notify({ title: 'Copie impossible', message: 'Sélectionnez le lien et copiez-le vous-même.', type: 'error' }),
    );
  return (
    <section className={forms.card} aria-labelledby="hand-link-title">
      <h2 id="hand-link-title">Lien à transmettre à {link.name}</h2>
      <Alert>{link.message}</Alert>
      <div className={forms.form}>
        <TextField label="Lien" readOnly value={link.link} onFocus={(event) => event.currentTarget.select()} />
        <div className={forms.actions}>
          <Button variant="ghost" onClick={onClose}>
            Fermer
          </Button>
          <Button onClick={() => void copy()}>Copier le lien</Button>
        </div>
      </div>
    </section>
  );
}

/** What the account column says: its state, and the second factor where it matters. */
function accountState(member: StaffMember): string {
  if (!member.active) return 'Désactivé';
  if (!member.password_set) return 'Invitation envoyée';
  if (member.second_factor) return 'Actif, double authentification activée';
  return member.second_factor_required ? 'Actif, double authentification à activer' : 'Actif';
}

function MemberRow({ member, onHandLink }: { member: StaffMember; onHandLink: (link: HandLink) => void }) {
  const me = useQuery(staffMeQuery).data;
  const change = useChangeMember();
  const resend = useResendLink();
  const reset = useResetSecondFactor();
  const [confirmReset, setConfirmReset] = useState(false);
  const [confirmDisable, setConfirmDisable] = useState(false);
  const failed = (error: Error) => notify({ title: member.name, message: error.message, type: 'error' });
  const toggleRole = (role: StaffRoleName) => {
    const roles = member.roles.includes(role) ? member.roles.filter((r) => r !== role) : [...member.roles, role];
    if (roles.length === 0) return failed(new Error('Un membre garde au moins un rôle : désactivez plutôt son compte.'));
    change.mutate({ id: member.id, roles }, { onError: failed });
  };
  return (
    <tr>
      <th scope="row">
        {member.name}
        {member.id === me?.id ? ' (vous)' : ''}
        <br />
        <span className={styles.muted}>{member.email}</span>
      </th>
      <td>
        <fieldset className={forms.fieldset} disabled={change.isPending}>
          <legend className={styles.muted}>Rôles {ofName(member.name)}</legend>
          {STAFF_ROLES.map((role) => (
            <label key={role}>
              <input type="checkbox" checked={member.roles.includes(role)} onChange={() => toggleRole(role)} /> {ROLE_LABELS[role]}
            </label>
          ))}
        </fieldset>
      </td>
      <td data-label="Compte">{accountState(member)}</td>
      <td>
        <div className={styles.inline}>
          <Button
            size="sm"
            variant="secondary"
            busy={change.isPending}
            // Disabling ends the member's sessions at once: asked first. Enabling harms nobody.
            onClick={() => (member.active ? setConfirmDisable(true) : change.mutate({ id: member.id, active: true }, { onError: failed }))}
          >
            {member.active ? 'Désactiver' : 'Réactiver'}
          </Button>
          {member.active ? (
            <Button
              size="sm"
              variant="ghost"
              busy={resend.isPending}
              onClick={() =>
                resend.mutate(member.id, {
                  onSuccess: (answer) => (answer.link ? onHandLink({ name: member.name, message: answer.message, link: answer.link }) : notify({ title: member.name, message: answer.message, type: 'success' })),
                  onError: failed,
                })
              }
            >
              Nouveau lien
            </Button>
          ) : null}
          {member.second_factor ? (
            <Button size="sm" variant="ghost" busy={reset.isPending} onClick={() => setConfirmReset(true)}>
              Réinitialiser la double authentification
            </Button>
          ) : null}
        </div>
        {confirmDisable ? (
          <Dialog open title={`Désactiver le compte ${ofName(member.name)} ?`} onClose={() => setConfirmDisable(false)} dismissible={!change.isPending}>
            <div className={forms.form}>
              <p>{member.name} ne pourra plus se connecter et ses sessions ouvertes sont fermées tout de suite. Vous pourrez réactiver le compte plus tard. L’action est inscrite au journal.</p>
              <div className={forms.actions}>
                <Button variant="ghost" onClick={() => setConfirmDisable(false)} disabled={change.isPending}>
                  Annuler
                </Button>
                <Button
                  busy={change.isPending}
                  onClick={() =>
                    change.mutate(
                      { id: member.id, active: false },
                      {
                        onSuccess: () => setConfirmDisable(false),
                        onError: (error) => {
                          setConfirmDisable(false);
                          failed(error);
                        },
                      },
                    )
                  }
                >
                  Désactiver
                </Button>
              </div>
            </div>
          </Dialog>
        ) : null}
        {confirmReset ? (
          <Dialog open title={`Réinitialiser la double authentification ${ofName(member.name)} ?`} onClose={() => setConfirmReset(false)} dismissible={!reset.isPending}>
            <div className={forms.form}>
              <p>
                Pour un téléphone perdu : ses codes ne serviront plus, ses sessions sont fermées, et à sa prochaine connexion {member.name} active de nouveau la vérification en deux
                étapes. Faites-le seulement après l’avoir joint vous-même. L’action est inscrite au journal.
              </p>
              <div className={forms.actions}>
                <Button variant="ghost" onClick={() => setConfirmReset(false)} disabled={reset.isPending}>
                  Annuler
                </Button>
                <Button
                  busy={reset.isPending}
                  onClick={() =>
                    reset.mutate(member.id, {
                      onSuccess: () => {
                        setConfirmReset(false);
                        notify({ title: member.name, message: 'Double authentification réinitialisée : elle sera activée de nouveau à la prochaine connexion.', type: 'success' });
                      },
                      onError: (error) => {
                        setConfirmReset(false);
                        failed(error);
                      },
                    })
                  }
                >
                  Réinitialiser
                </Button>
              </div>
            </div>
          </Dialog>
        ) : null}
      </td>
    </tr>
  );
}

interface InviteValues {
  email: string;
  name: string;
  roles: StaffRoleName[];
}

function InviteForm({ onHandLink }: { onHandLink: (link: HandLink) => void }) {
  const invite = useInviteMember();
  const [general, setGeneral] = useState<string | null>(null);
  const { register, handleSubmit, setError, reset, formState } = useForm<InviteValues>({ resolver: zodResolver(staffInviteBodySchema), defaultValues: { email: '', name: '', roles: [] } });
  const { errors } = formState;
  const onSubmit = handleSubmit(async (values) => {
    setGeneral(null);
    try {
      const { member, delivery } = await invite.mutateAsync(values);
      if (delivery.link) onHandLink({ name: member.name, message: delivery.message, link: delivery.link });
      else notify({ title: 'Invitation envoyée', message: `${member.name} reçoit un lien pour choisir son mot de passe.`, type: 'success' });
      reset();
    } catch (error) {
      setGeneral(applyServerErrors(error, setError, ['email', 'name', 'roles']));
    }
  });
  return (
    <section className={forms.card} aria-labelledby="invite-title">
      <h2 id="invite-title">Inviter un membre</h2>
      <form className={forms.form} onSubmit={onSubmit} noValidate>
        {general ? <Alert>{general}</Alert> : null}
        <TextField label="Nom" autoComplete="off" required error={errors.name?.message} {...register('name')} />
        <TextField label="E-mail" type="email" autoComplete="off" required error={errors.email?.message} {...register('email')} />
        <fieldset className={forms.fieldset} aria-describedby={errors.roles ? 'invite-roles-error' : undefined}>
          <legend>Rôles *</legend>
          {STAFF_ROLES.map((role) => (
            <label key={role}>
              <input type="checkbox" value={role} {...register('roles')} /> {ROLE_LABELS[role]}
            </label>
          ))}
        </fieldset>
        {errors.roles ? (
          <p id="invite-roles-error" className={forms.error}>
            {errors.roles.message}
          </p>
        ) : null}
        <Button type="submit" busy={invite.isPending}>
          Envoyer l’invitation
        </Button>
      </form>
    </section>
  );
}
