import { Component, type ReactNode } from 'react';

interface MapBoundaryProps {
  className?: string;
  children: ReactNode;
}

/**
 * The map's chunk is not in the offline install: opened offline before it was ever fetched, it
 * cannot load. The list still works; this says so instead of failing the whole page.
 */
export class MapBoundary extends Component<MapBoundaryProps, { failed: boolean; offline: boolean }> {
  override state = { failed: false, offline: false };

  static getDerivedStateFromError() {
    return { failed: true, offline: !navigator.onLine };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <p className={this.props.className} role="note">
        {this.state.offline
          ? 'La carte n’est pas disponible hors connexion : choisissez votre point dans la liste.'
          : 'La carte n’a pas pu se charger : choisissez votre point dans la liste.'}
      </p>
    );
  }
}
