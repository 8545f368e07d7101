import { useId, useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import hidden from '../../../components/ui/visually-hidden.module.css';
import { api } from '../../../lib/api-client';
import { publicReadUrl } from '../../../shared/api/public-reads';
import { MAP } from '../../../shared/constants';
import { isWithin, type LatLng } from '../../../shared/geo';
import { showSearchResult } from '../delivery-search-store';
import { createGeocoder } from '../geocoding';
import { NOTHING_FOUND, searchDeliveryPoints } from '../search-rules';
import styles from './delivery-search.module.css';

const geocode = createGeocoder({ googleKey: import.meta.env.VITE_GOOGLE_MAPS_KEY });
const searchPoints = (term: string) =>
  api(publicReadUrl('deliverySearch', { search: term }), { schema: () => import('../../../shared/api/delivery').then((m) => m.deliveryLocationsSchema) });

interface DeliverySearchProps {
  center: LatLng;
  /** Shows the result: the delivery selector opens on it. */
  onResult: () => void;
  /**
   * Trigger mode: the field's first tap or click opens the delivery suggestion. Not its keyboard
   * focus: tabbing through the header must not open a pop-in and pull the focus into it.
   */
  onFieldFocus?: () => void;
  compact?: boolean;
}

const PLACEHOLDER = 'Entrez votre adresse ou le nom de votre entreprise';

/** The field with its placeholder, 'Rechercher' and 'Autour de moi'. */
export function DeliverySearch({ center, onResult, onFieldFocus, compact = false }: DeliverySearchProps) {
  const id = useId();
  const [term, setTerm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'search' | 'locate' | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (term.trim().length < MAP.searchMinLength) {
      setError(`Saisissez au moins ${MAP.searchMinLength} caractères.`);
      return;
    }
    setError(null);
    setBusy('search');
    try {
      showSearchResult(await searchDeliveryPoints(term, { searchPoints, geocode, center }));
      onResult();
    } catch {
      setError('La recherche n’a pas abouti : vérifiez votre connexion puis réessayez.');
    } finally {
      setBusy(null);
    }
  }

  function aroundMe() {
    if (!('geolocation' in navigator)) {
      console.warn('Geolocation is not supported by this browser.');
      return;
    }
    setError(null);
    setBusy('locate');
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        setBusy(null);
        const here = { lat: coords.latitude, lng: coords.longitude };
        showSearchResult(
          isWithin(here, center, MAP.proximityRadiusM)
            ? { near: { ...here, label: 'votre position' }, note: 'Les points les plus proches de votre position' }
            : { note: `Vous semblez loin de nos points de livraison : ${NOTHING_FOUND.split(' : ')[1]}` },
        );
        onResult();
      },
      () => {
        setBusy(null);
        setError('Nous n’avons pas accès à votre position : cherchez plutôt par adresse ou nom d’entreprise.');
      },
      { timeout: 10_000, maximumAge: 60_000 },
    );
  }

  return (
    <form method="post" className={compact ? `${styles.search} ${styles.compact}` : styles.search} onSubmit={onSubmit} noValidate role="search" aria-label="Rechercher un point de livraison">
      <label htmlFor={id} className={compact ? hidden.srOnly : styles.label}>
        Où récupérer votre déjeuner ?
      </label>
      <div className={styles.row}>
        <span className={styles.field}>
          <input
            id={id}
            className={styles.input}
            type="search"
            placeholder={PLACEHOLDER}
            value={term}
            onChange={(e) => setTerm(e.target.value)}
            onClick={onFieldFocus}
            minLength={MAP.searchMinLength}
            required
            autoComplete="street-address"
          />
          {/* The placeholder drawn so it may wrap: a phone's field is narrower than the sentence. */}
          <span className={styles.hint} aria-hidden="true">
            {PLACEHOLDER}
          </span>
        </span>
        {/* Compact (header): icon buttons that keep their names for screen readers. */}
        <Button type="submit" size="sm" busy={busy === 'search'} aria-label={compact ? 'Rechercher' : undefined}>
          {compact ? (
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
              <circle cx="11" cy="11" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.2" />
              <path d="M16 16l4.5 4.5" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
            </svg>
          ) : (
            'Rechercher'
          )}
        </Button>
        <Button variant="secondary" size="sm" busy={busy === 'locate'} onClick={aroundMe} aria-label={compact ? 'Autour de moi' : undefined}>
          {compact ? (
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
              <circle cx="12" cy="12" r="3.5" fill="currentColor" />
              <circle cx="12" cy="12" r="7.5" fill="none" stroke="currentColor" strokeWidth="2" />
              <path d="M12 2v3M12 19v3M2 12h3M19 12h3" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          ) : (
            'Autour de moi'
          )}
        </Button>
      </div>
      {error ? <Alert>{error}</Alert> : null}
    </form>
  );
}
