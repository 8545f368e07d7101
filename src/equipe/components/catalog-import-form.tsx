import { useId, useState, type FormEvent } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { OfflineReason } from '../../components/ui/offline-reason';
import { ApiError } from '../../lib/api-client';
import { useOnline } from '../../lib/connection-store';
import { notify } from '../../lib/snackbar-store';
import type { CatalogImportAnswer } from '../../shared/api/staff';
import { useCatalogImport } from '../team-api';
import forms from './team-forms.module.css';
import styles from './team-page.module.css';
import { plural } from '../../lib/format';

/** What an import does, in words: the dishes, then each day's menu. */
function Summary({ answer }: { answer: CatalogImportAnswer }) {
  return (
    <ul>
      <li>
        {plural(answer.created.length, 'plat créé', 'plats créés')}
        {answer.created.length ? ` : ${answer.created.join(', ')}` : ''}
      </li>
      <li>
        {plural(answer.updated.length, 'plat mis à jour', 'plats mis à jour')}
        {answer.updated.length ? ` : ${answer.updated.join(', ')}` : ''}
      </li>
      {answer.unchanged.length ? <li>{plural(answer.unchanged.length, 'plat inchangé', 'plats inchangés')}</li> : null}
      {answer.days.map((day) => (
        <li key={day.date}>
          {day.date} : {plural(day.dishes, 'plat au menu', 'plats au menu')}
          {day.removed.length ? `, retirés : ${day.removed.join(', ')}` : ''}
        </li>
      ))}
    </ul>
  );
}

/**
 * Loading a day's catalog (the file of `npm run catalog:import` and its photos): a preview says
 * what would change, then one tap applies exactly that file.
 */
export function CatalogImportForm() {
  const online = useOnline();
  const load = useCatalogImport();
  const fileId = useId();
  const photosId = useId();
  const [catalog, setCatalog] = useState<File | null>(null);
  const [photos, setPhotos] = useState<File[]>([]);
  const [preview, setPreview] = useState<CatalogImportAnswer | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const failed = (error: Error) => setProblems(error instanceof ApiError ? [error.message, ...(error.body.errors?.catalog ?? [])] : [error.message]);
  const choose = (next: { catalog?: File | null; photos?: File[] }) => {
    if (next.catalog !== undefined) setCatalog(next.catalog);
    if (next.photos !== undefined) setPhotos(next.photos);
    // Another file: its preview is to be made again.
    setPreview(null);
    setProblems([]);
  };
  const askPreview = (event: FormEvent) => {
    event.preventDefault();
    if (!catalog) return setProblems(['Choisissez le fichier de la carte (JSON).']);
    setProblems([]);
    load.mutate({ catalog, photos, preview: true }, { onSuccess: setPreview, onError: failed });
  };
  const apply = () => {
    if (!catalog) return;
    load.mutate(
      { catalog, photos, preview: false },
      {
        onSuccess: () => {
          notify({ title: 'Carte chargée', message: `${catalog.name} est appliqué.`, type: 'success' });
          setPreview(null);
          setCatalog(null);
          setPhotos([]);
        },
        onError: failed,
      },
    );
  };
  return (
    <section className={forms.card} aria-labelledby="catalog-import-title">
      <h2 id="catalog-import-title">Charger la carte d’un jour</h2>
      <p className={styles.muted}>Le fichier JSON de la carte (docs/catalog-import.md) et ses photos. L’aperçu ne change rien.</p>
      <form className={forms.form} onSubmit={askPreview} noValidate>
        <label htmlFor={fileId}>Fichier de la carte (JSON) *</label>
        <input id={fileId} type="file" accept="application/json,.json" onChange={(event) => choose({ catalog: event.target.files?.[0] ?? null })} />
        <label htmlFor={photosId}>Photos des plats</label>
        <input id={photosId} type="file" accept="image/jpeg,image/png,image/webp,image/avif" multiple onChange={(event) => choose({ photos: [...(event.target.files ?? [])] })} />
        {problems.length ? (
          <Alert>
            <ul>
              {problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          </Alert>
        ) : null}
        <Button type="submit" variant="secondary" busy={load.isPending && !preview} disabled={!online}>
          Voir l’aperçu
        </Button>
        <OfflineReason offline={!online} />
      </form>
      {preview ? (
        <div role="status" aria-label="Aperçu de l’import">
          <h3>Aperçu : rien n’est encore changé</h3>
          <Summary answer={preview} />
          <Button busy={load.isPending} disabled={!online} onClick={apply}>
            Appliquer cette carte
          </Button>
        </div>
      ) : null}
    </section>
  );
}
