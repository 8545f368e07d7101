import { lazy, Suspense, useId, useRef, useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { OfflineReason } from '../../../components/ui/offline-reason';
import { useOnline } from '../../../lib/connection-store';
import { useHydrated } from '../../../lib/use-hydrated';
import { useLaidOut } from '../../../lib/use-laid-out';
import { ApiError } from '../../../lib/api-client';
import {
  ACCESS_CODE_LABEL,
  ACCESS_CODE_MAX_LENGTH,
  DELIVERY_REQUIRED_MESSAGE,
  DIFFERENT_POINT_WARNING,
  domainPointNote,
  SLOT_REQUIRED_MESSAGE,
  type Delivery,
  type DeliveryLocation,
} from '../../../shared/api/delivery';
import { isLocationTooLate, isTooLate } from '../../../shared/delivery-rules';
import type { LatLng } from '../../../shared/geo';
import { parisDate, parisTime } from '../../../shared/time';
import { useSelectDelivery } from '../api/locations';
import { MapBoundary } from './map-boundary';
import { needsUsualPointConfirmation } from '../search-rules';
import { cutOffLabel, PRIVATE_LABEL, slotLabel } from '../slot-labels';
import styles from './delivery-selector.module.css';

/** A point with its number on the map (its place in the full list, added by the client). */
export type IndexedLocation = DeliveryLocation & { index: number };

/** The map's chunk (maplibre, about 450 KiB compressed), fetched and started only once the map shows. */
const DeliveryMap = lazy(() => import('./delivery-map'));

interface DeliverySelectorProps {
  /** In display order: the best match or the nearest first. */
  locations: IndexedLocation[];
  /** The map's default centre (settings). */
  center: LatLng;
  /** The map opens on this many of the first points (the nearest of an address); on all by default. */
  frameFirst?: number;
  /** The slot chosen before, preselected. */
  currentDeliveryId: number | null;
  loggedIn: boolean;
  /** The customer's usual point (of their last delivery), when known. */
  usualLocationId: number | null;
  onChosen: (delivery: Delivery) => void;
}

function slotsOf(location: DeliveryLocation) {
  return location.deliveries.map((d) => ({ date: d.starts_at.slice(0, 10), orderTimeLimit: d.tour.order_time_limit }));
}

/**
 * The list of delivery points (numbered as on the map) with the chosen point's slots as radio
 * buttons. Too-late slots and points are shown disabled with the reason (docs/product/delivery.md).
 */
export function DeliverySelector({ locations, center, frameFirst, currentDeliveryId, loggedIn, usualLocationId, onChosen }: DeliverySelectorProps) {
  const online = useOnline();
  // The browser's time, once it runs the page: the server draws every slot open (its drawing, and
  // the hydration that must match it, cannot know the phone's time), and refuses a late choice anyway.
  const now = useHydrated() ? new Date() : null;
  const today = now ? parisDate(now) : '';
  const nowTime = now ? parisTime(now) : '';
  const current = locations.find((l) => l.deliveries.some((d) => d.id === currentDeliveryId));
  const [locationId, setLocationId] = useState<number | null>(current?.id ?? locations[0]?.id ?? null);
  const initial = current ?? locations[0];
  const [deliveryId, setDeliveryId] = useState<number | null>(
    currentDeliveryId ?? (initial && initial.deliveries.length === 1 ? initial.deliveries[0]!.id : null),
  );
  const [error, setError] = useState<string | null>(null);
  /** A company point's code (docs/product/delivery.md, "Company points"), and the server's word on it. */
  const [accessCode, setAccessCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const codeField = useRef<HTMLInputElement>(null);
  /** The location the customer was warned about: submitting it again proceeds. */
  const [warnedFor, setWarnedFor] = useState<number | null>(null);
  /** Below 667 px, map and list take turns (the switch); wider, both show. */
  const [view, setView] = useState<'map' | 'list'>('list');
  // The map starts once its area shows: at once on a wide screen, on a phone when "Carte" is
  // pressed (a phone that stays on the list never fetches or runs it). The server, and hydration,
  // draw its placeholder.
  const [mapArea, mapShown] = useLaidOut();
  const select = useSelectDelivery();
  const slotsName = useId();
  const noteId = useId();

  function chooseLocation(location: DeliveryLocation) {
    // The code typed is for the point it was typed at.
    if (location.id !== locationId) setAccessCode('');
    setLocationId(location.id);
    setError(null);
    setCodeError(null);
    // A point with exactly one slot selects it; otherwise the customer picks one.
    setDeliveryId(location.deliveries.length === 1 ? location.deliveries[0]!.id : null);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!deliveryId) {
      setError(locationId === null ? DELIVERY_REQUIRED_MESSAGE : SLOT_REQUIRED_MESSAGE);
      // A point is chosen but not its slot: take the customer to the slots, where the message is.
      const firstSlot = [...document.getElementsByName(slotsName)].find((input) => !(input as HTMLInputElement).disabled);
      firstSlot?.focus();
      return;
    }
    setError(null);
    const picked = locations.find((l) => l.deliveries.some((d) => d.id === deliveryId));
    if (
      picked &&
      warnedFor !== picked.id &&
      needsUsualPointConfirmation({ loggedIn, pickedLocationId: picked.id, lastChosenLocationId: current?.id ?? null, usualLocationId })
    ) {
      setWarnedFor(picked.id);
      return;
    }
    // Sent when typed only: a session that gave the code before is not asked again (the server knows).
    const code = picked?.access === 'code' ? accessCode.trim() : '';
    select.mutate(code ? { id: deliveryId, access_code: code } : { id: deliveryId }, {
      onSuccess: onChosen,
      onError: (err) => {
        const codeMessage = err instanceof ApiError ? err.fieldMessage('access_code') : undefined;
        if (codeMessage) {
          // Said under the field, which takes the focus: the customer types it again there.
          setCodeError(codeMessage);
          codeField.current?.focus();
          return;
        }
        setError(err instanceof ApiError ? (err.fieldMessage('id') ?? err.message) : 'Une erreur est survenue, réessayez.');
      },
    });
  }

  const slotsShown = locations.some((l) => l.id === locationId && l.deliveries.length > 0);

  const mapLoading = <p className={styles.mapLoading}>Chargement de la carte…</p>;

  if (locations.length === 0) return <p>Aucun point de livraison n’est ouvert pour le moment.</p>;
  return (
    <form method="post" className={styles.selector} onSubmit={onSubmit} noValidate aria-label="Choisir un point de livraison" data-view={view}>
      <div className={styles.layout}>
      <div className={styles.switch} role="group" aria-label="Affichage">
        <button type="button" aria-pressed={view === 'map'} onClick={() => setView('map')}>
          Carte
        </button>
        <button type="button" aria-pressed={view === 'list'} onClick={() => setView('list')}>
          Liste
        </button>
      </div>
      <div className={styles.mapArea} ref={mapArea}>
        {mapShown ? (
          <MapBoundary className={styles.mapLoading}>
            <Suspense fallback={mapLoading}>
              <DeliveryMap
                points={locations}
                frameFirst={frameFirst}
                selectedId={locationId}
                center={center}
                onSelect={(id) => {
                  const location = locations.find((l) => l.id === id);
                  if (!location) return;
                  chooseLocation(location);
                  // On a phone the slots are in the list: show it.
                  setView('list');
                }}
              />
            </Suspense>
          </MapBoundary>
        ) : (
          mapLoading
        )}
      </div>
      <ol className={styles.list}>
        {locations.map((location) => {
          const selected = location.id === locationId;
          const tooLate = now !== null && location.deliveries.length > 0 && isLocationTooLate(slotsOf(location), today, nowTime);
          const closed = location.deliveries.length === 0;
          const domain = location.access === 'email_domain' ? location.access_email_domain : null;
          return (
            <li key={location.id} className={styles.item} data-selected={selected || undefined}>
              <button
                type="button"
                className={styles.location}
                aria-pressed={selected}
                aria-describedby={domain ? `${noteId}-${location.id}` : undefined}
                onClick={() => chooseLocation(location)}
              >
                <span className={styles.pin} aria-hidden="true">
                  {location.index}
                </span>
                <span className={styles.text}>
                  <span className={styles.name}>{location.name}</span>
                  <span className={styles.address}>{location.address}</span>
                  {location.is_private ? <Badge tone="info">{PRIVATE_LABEL}</Badge> : null}
                  {tooLate ? <Badge tone="danger">Trop tard pour aujourd’hui</Badge> : null}
                  {closed ? <Badge tone="danger">Pas de livraison ce jour-là</Badge> : null}
                </span>
              </button>
              {domain ? (
                <p id={`${noteId}-${location.id}`} className={styles.accessNote}>
                  {domainPointNote(domain)}
                </p>
              ) : null}
              {selected && location.deliveries.length > 0 ? (
                <fieldset className={styles.slots}>
                  <legend className={styles.legend}>Créneaux à {location.name}</legend>
                  {/* Said beside the slots it is about, not in the sticky footer where it would cover them. */}
                  {error ? <Alert>{error}</Alert> : null}
                  {location.deliveries.map((d) => {
                    const late = now !== null && isTooLate(d.starts_at.slice(0, 10), d.tour.order_time_limit, today, nowTime);
                    return (
                      <label key={d.id} className={styles.slot} data-disabled={late || undefined}>
                        <input
                          type="radio"
                          name={slotsName}
                          value={d.id}
                          checked={deliveryId === d.id}
                          disabled={late}
                          onChange={() => {
                            setDeliveryId(d.id);
                            setError(null);
                          }}
                        />
                        <span>
                          <span className={styles.slotLabel}>{slotLabel(d, location.is_private)}</span>
                          <span className={styles.cutoff}>{late ? 'Commandes closes pour aujourd’hui' : cutOffLabel(d)}</span>
                        </span>
                      </label>
                    );
                  })}
                </fieldset>
              ) : null}
              {selected && !closed && location.access === 'code' ? (
                <TextField
                  ref={codeField}
                  className={styles.accessCode}
                  label={ACCESS_CODE_LABEL}
                  error={codeError ?? undefined}
                  value={accessCode}
                  maxLength={ACCESS_CODE_MAX_LENGTH}
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  onChange={(event) => {
                    setAccessCode(event.target.value);
                    setCodeError(null);
                  }}
                />
              ) : null}
            </li>
          );
        })}
      </ol>
      <div className={styles.footer}>
        {error && !slotsShown ? <Alert>{error}</Alert> : null}
        {warnedFor !== null && !error ? (
          <Alert tone="info">{DIFFERENT_POINT_WARNING}</Alert>
        ) : null}
        <Button type="submit" busy={select.isPending} disabled={!online}>
          Valider ce point de livraison
        </Button>
        <OfflineReason offline={!online} />
      </div>
      </div>
    </form>
  );
}
