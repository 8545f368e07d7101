import type { ButtonHTMLAttributes } from 'react';
import styles from './link-button.module.css';

/** An action that reads as a link (toggles, "Mot de passe oublié", "Se déconnecter"). */
export function LinkButton({ className, ...rest }: ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button type="button" {...rest} className={[styles.link, className].filter(Boolean).join(' ')} />;
}
