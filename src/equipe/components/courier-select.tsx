import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import type { RoundCourier } from '../../shared/api/courier-round';
import { staffMembersQuery } from '../team-api';
import styles from './team-page.module.css';

/**
 * Who does a round (admin): the team's active members who deliver (or admins), or nobody. The list
 * is the members' (admin only): a courier never sees this choice.
 */
export function CourierSelect({ label, value, disabled, onChange }: { label: string; value: RoundCourier | null; disabled?: boolean; onChange: (staffId: number | null) => void }) {
  const members = useQuery(staffMembersQuery).data ?? [];
  const id = useId();
  const couriers = members.filter((m) => m.active && (m.roles.includes('livreur') || m.roles.includes('admin')));
  // A courier named before losing the role stays shown as chosen.
  const shown = value && !couriers.some((c) => c.id === value.id) ? [...couriers, { id: value.id, name: value.name }] : couriers;
  return (
    <label htmlFor={id} className={styles.courierField}>
      {label}
      <select id={id} value={value?.id ?? ''} disabled={disabled} onChange={(event) => onChange(event.target.value ? Number(event.target.value) : null)}>
        <option value="">Personne</option>
        {shown.map((member) => (
          <option key={member.id} value={member.id}>
            {member.name}
          </option>
        ))}
      </select>
    </label>
  );
}
