import type { StaffMe } from '../../shared/api/staff';

/**
 * The last team member the server confirmed on this device, so a courier offline (or on a network
 * that fails) still opens their round as themselves. Forgotten as soon as the server says nobody
 * is logged in (401, after a logout), and never used then. The device's own copy, as the session
 * cookie is. As the shop's kept state (docs/offline.md), no e-mail: the id, the name and the roles.
 */
const KEY = 'popote-team-me';

export function keepIdentity(me: StaffMe | null): void {
  try {
    if (me) localStorage.setItem(KEY, JSON.stringify({ id: me.id, email: '', name: me.name, roles: me.roles }));
    else localStorage.removeItem(KEY);
  } catch {
    // Storage refused: offline, the app will ask to log in again.
  }
}

export function keptIdentity(): StaffMe | null {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) ?? 'null') as StaffMe | null;
    return value && typeof value.id === 'number' && typeof value.name === 'string' && Array.isArray(value.roles) ? value : null;
  } catch {
    return null;
  }
}
