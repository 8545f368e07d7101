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
import { ROLE_LABELS, STAFF_ROLES, staffInviteBodySchema, type StaffMember, type StaffRoleName } from '../../shared/api/staff';
import { staffMeQuery, staffMembersQuery, useChangeMember, useInviteMember, useResendLink } from '../team-api';
import forms from './team-forms.module.css';
import styles from './team-page.module.css';

/** The team's accounts (admin): invite, roles, disable and enable, a new link. */
export function MembersPage() {
  const members = useQuery(staffMembersQuery);
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
                  <MemberRow key={member.id} member={member} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryStatus>
      <InviteForm />
    </>
  );
}

function MemberRow({ member }: { member: StaffMember }) {
  const me = useQuery(staffMeQuery).data;
  const change = useChangeMember();
  const resend = useResendLink();
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
          <legend className={styles.muted}>Rôles de {member.name}</legend>
          {STAFF_ROLES.map((role) => (
            <label key={role}>
              <input type="checkbox" checked={member.roles.includes(role)} onChange={() => toggleRole(role)} /> {ROLE_LABELS[role]}
            </label>
          ))}
        </fieldset>
      </td>
      <td data-label="Compte">{!member.active ? 'Désactivé' : member.password_set ? 'Actif' : 'Invitation envoyée'}</td>
      <td>
        <div className={styles.inline}>
          <Button size="sm" variant="secondary" busy={change.isPending} onClick={() => change.mutate({ id: member.id, active: !member.active }, { onError: failed })}>
            {member.active ? 'Désactiver' : 'Réactiver'}
          </Button>
          {member.active ? (
            <Button size="sm" variant="ghost" busy={resend.isPending} onClick={() => resend.mutate(member.id, { onSuccess: (answer) => notify({ title: member.name, message: answer.message, type: 'success' }), onError: failed })}>
              Nouveau lien
            </Button>
          ) : null}
        </div>
      </td>
    </tr>
  );
}

interface InviteValues {
  email: string;
  name: string;
  roles: StaffRoleName[];
}

function InviteForm() {
  const invite = useInviteMember();
  const [general, setGeneral] = useState<string | null>(null);
  const { register, handleSubmit, setError, reset, formState } = useForm<InviteValues>({ resolver: zodResolver(staffInviteBodySchema), defaultValues: { email: '', name: '', roles: [] } });
  const { errors } = formState;
  const onSubmit = handleSubmit(async (values) => {
    setGeneral(null);
    try {
      const member = await invite.mutateAsync(values);
      notify({ title: 'Invitation envoyée', message: `${member.name} reçoit un lien pour choisir son mot de passe.`, type: 'success' });
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
