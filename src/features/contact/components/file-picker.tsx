import { useId, useState, type DragEvent } from 'react';
import { CONTACT_MESSAGES, FILE_ACCEPT, MAX_FILE_BYTES, MAX_FILES, MAX_TOTAL_BYTES, formatFileSize, sniffFileType } from '../../../shared/api/contact';
import hidden from '../../../components/ui/visually-hidden.module.css';
import styles from './contact-form.module.css';

interface FilePickerProps {
  files: File[];
  onChange: (files: File[]) => void;
  disabled?: boolean;
  /** The server's refusal of the files, shown under the zone. */
  error?: string;
}

/** Why a file cannot be added to the ones already chosen (docs/product/contact.md), or null. */
async function refusal(file: File, count: number): Promise<string | null> {
  if (count >= MAX_FILES) return CONTACT_MESSAGES.tooManyFiles;
  if (file.size > MAX_FILE_BYTES) return CONTACT_MESSAGES.fileTooBig;
  // A first look at the content; the server judges it whole.
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  return sniffFileType(head) ? null : CONTACT_MESSAGES.fileType;
}

/**
 * Attachments: a drop zone with a button, each chosen file with its size and a remove button,
 * and the form's messages for a file refused. The total past 5 MB is the form's to report.
 */
export function FilePicker({ files, onChange, disabled = false, error }: FilePickerProps) {
  const inputId = useId();
  const [over, setOver] = useState(false);
  const [refused, setRefused] = useState<{ name: string; message: string }[]>([]);

  async function add(list: FileList | File[]) {
    const kept = [...files];
    const problems: { name: string; message: string }[] = [];
    for (const file of list) {
      const message = await refusal(file, kept.length);
      if (message) problems.push({ name: file.name, message });
      else kept.push(file);
    }
    setRefused(problems);
    if (kept.length !== files.length) onChange(kept);
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setOver(false);
    if (!disabled) void add(event.dataTransfer.files);
  }

  const total = files.reduce((sum, f) => sum + f.size, 0);
  return (
    <div className={styles.files}>
      <div
        className={[styles.dropZone, over ? styles.dropOver : ''].filter(Boolean).join(' ')}
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" className={styles.dropIcon}>
          <path d="M12 16V4m0 0l-4.5 4.5M12 4l4.5 4.5M4 16v3a1 1 0 001 1h14a1 1 0 001-1v-3" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        {/* Both wordings are drawn, CSS shows one: a phone cannot drag, and the server's drawing
            cannot know the screen (no hydration mismatch). */}
        <p className={`${styles.dropText} ${styles.withPointer}`}>
          Glissez vos fichiers ici ou{' '}
          <label htmlFor={inputId} className={styles.dropButton}>
            choisissez-les
          </label>
        </p>
        <p className={`${styles.dropText} ${styles.withTouch}`}>
          <label htmlFor={inputId} className={styles.dropButton}>
            Ajoutez vos fichiers
          </label>
        </p>
        <p className={styles.dropHint}>
          {MAX_FILES} fichiers au plus, {formatFileSize(MAX_TOTAL_BYTES)} en tout.
        </p>
        <input
          id={inputId}
          // Focusable from the keyboard; the zone is what shows.
          className={hidden.srOnly}
          type="file"
          name="files"
          multiple
          accept={FILE_ACCEPT}
          disabled={disabled}
          aria-label="Ajouter des fichiers"
          onChange={(event) => {
            const chosen = event.currentTarget.files;
            if (chosen?.length) void add([...chosen]);
            // The same file can be chosen again after being removed.
            event.currentTarget.value = '';
          }}
        />
      </div>
      {files.length ? (
        <ul className={styles.fileList} aria-label="Fichiers joints">
          {files.map((file, index) => (
            <li key={`${file.name}-${file.size}-${file.lastModified}-${index}`} className={styles.fileItem}>
              <span className={styles.fileName}>{file.name}</span>
              <span className={styles.fileSize}>{formatFileSize(file.size)}</span>
              <button
                type="button"
                className={styles.fileRemove}
                disabled={disabled}
                aria-label={`Retirer ${file.name}`}
                onClick={() => {
                  setRefused([]);
                  onChange(files.filter((_, i) => i !== index));
                }}
              >
                <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
                  <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                </svg>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {files.length > 1 ? <p className={styles.fileTotal}>Total : {formatFileSize(total)}</p> : null}
      {refused.length || error ? (
        <ul className={styles.fileErrors} role="alert">
          {refused.map((r) => (
            <li key={`${r.name}-${r.message}`}>
              <strong>{r.name}</strong> : {r.message}
            </li>
          ))}
          {error ? <li>{error}</li> : null}
        </ul>
      ) : null}
    </div>
  );
}
